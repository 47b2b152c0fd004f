// The month the panchangam page shows, as "YYYY-MM" texts of the Gregorian calendar, and the marks
// of its days. Nothing here reads the visitor's zone or `Intl` beyond time-zone offsets, so the
// server's page renderer runs it too (docs/architecture.md#public-pages). Dates are in the page's
// language: English as written here, the others in date-fns's words of their language (no `Intl`).
import { localizedFormat } from '@/i18n/runtime';
import type { Festival, PanchangamDay } from '@/types/api';
import { t } from '../i18n';
import { lunarMonthText, tithiWord } from './names';

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
] as const;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The months the API answers: 1900 to 2100. */
const FIRST_MONTH = '1900-01';
const LAST_MONTH = '2100-12';

/**
 * The month of `?month=YYYY-MM` when it names one from 1900 to 2100, else null (the current month).
 * The server reads it the same way to render the page with its month (crates/http/src/page_head.rs).
 */
export function parseMonth(value: string | null): string | null {
  if (!value || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return null;
  return value >= FIRST_MONTH && value <= LAST_MONTH ? value : null;
}

/** The temple's today, "YYYY-MM-DD", at the instant `now` in its IANA zone. */
export { todayIn as templeToday } from '@/lib/dates';

function parts(month: string): [number, number] {
  return [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
}

/** The first and last days of a month: the range its one request asks for. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, number] = parts(month);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month `by` months from `month`, or null outside 1900–2100. */
export function shiftMonth(month: string, by: number): string | null {
  const [year, number] = parts(month);
  const shifted = new Date(Date.UTC(year, number - 1 + by, 1)).toISOString().slice(0, 7);
  return parseMonth(shifted);
}

/** "November 2026". */
export function monthTitle(month: string): string {
  const [year, number] = parts(month);
  const localized = localizedFormat(new Date(year, number - 1, 1), 'MMMM yyyy');
  if (localized !== undefined) return localized;
  return `${MONTH_NAMES[number - 1]} ${year}`;
}

/** A month's name alone (1 = January): "November". */
export function monthName(number: number): string {
  return localizedFormat(new Date(2000, number - 1, 1), 'LLLL') ?? MONTH_NAMES[number - 1];
}

/** A weekday's short name (0 = Sunday): "Sun". */
export function weekdayShort(weekday: number): string {
  // January 4, 2026 was a Sunday.
  return localizedFormat(new Date(2026, 0, 4 + weekday), 'EEE') ?? WEEKDAY_NAMES[weekday].slice(0, 3);
}

/** 0 = Sunday … 6 = Saturday, of a "YYYY-MM-DD" date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** "Wednesday, November 25, 2026". */
export function longDate(date: string): string {
  const [year, number] = parts(date);
  const localized = localizedFormat(new Date(year, number - 1, Number(date.slice(8, 10))), 'PPPP');
  if (localized !== undefined) return localized;
  return `${WEEKDAY_NAMES[weekdayOf(date)]}, ${MONTH_NAMES[number - 1]} ${Number(date.slice(8, 10))}, ${year}`;
}

/** "Wednesday, November 25": a day of the month shown, as a screen reader says its button. */
export function dayOfMonth(date: string): string {
  const [year, number] = parts(date);
  const localized = localizedFormat(new Date(year, number - 1, Number(date.slice(8, 10))), 'EEEE, d MMMM');
  if (localized !== undefined) return localized;
  return `${WEEKDAY_NAMES[weekdayOf(date)]}, ${MONTH_NAMES[number - 1]} ${Number(date.slice(8, 10))}`;
}

/** The lunar months the days fall in, in order: "Kartika – Margashirsha". */
export function lunarMonthsOf(days: PanchangamDay[]): string {
  const names: string[] = [];
  for (const day of days) {
    const name = lunarMonthText(day.lunarMonth);
    if (names[names.length - 1] !== name) names.push(name);
  }
  return names.join(' – ');
}

/** The days a devotee looks for: Ekadashi (tithis 11 and 26), Pournami (15) and Amavasya (30). */
export type Mark = 'ekadashi' | 'pournami' | 'amavasya';

/** The marks in the legend's order, each with the tithi that names it. */
export const MARKS: { mark: Mark; tithi: number }[] = [
  { mark: 'ekadashi', tithi: 11 },
  { mark: 'pournami', tithi: 15 },
  { mark: 'amavasya', tithi: 30 },
];

/** A mark's name: "Ekadashi", "Pournami", "Amavasya". */
export function markName(mark: Mark): string {
  return tithiWord(MARKS.find((m) => m.mark === mark)?.tithi ?? 0);
}

/** What a mark means: "full moon". */
export function markMeaning(mark: Mark): string {
  return t(`panchangam.mark.${mark}`);
}

function markOf(tithi: number): Mark | null {
  if (tithi === 11 || tithi === 26) return 'ekadashi';
  if (tithi === 15) return 'pournami';
  if (tithi === 30) return 'amavasya';
  return null;
}

/** The marks of a day: its tithi at sunrise's, and that of a tithi that begins and ends before the next sunrise (kshaya). */
export function marksOf(day: PanchangamDay): Mark[] {
  const marks = [markOf(day.tithi.number), day.tithi.kshaya ? markOf(day.tithi.kshaya.number) : null];
  return marks.filter((m, i): m is Mark => m !== null && marks.indexOf(m) === i);
}

/** The festivals by their day ("YYYY-MM-DD"), each day's in the API's order. */
export function festivalsByDay(festivals: readonly Festival[] | undefined): Map<string, Festival[]> {
  const byDay = new Map<string, Festival[]>();
  for (const festival of festivals ?? []) byDay.set(festival.date, [...(byDay.get(festival.date) ?? []), festival]);
  return byDay;
}
