// The month the panchangam page shows, as "YYYY-MM" texts of the Gregorian calendar, and the marks
// of its days. Nothing here reads the visitor's zone or `Intl` beyond time-zone offsets, so the
// server's page renderer runs it too (docs/architecture.md#public-pages).
import type { Festival, PanchangamDay } from '@/types/api';
import { lunarMonthName } from './format';

export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
] as const;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

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
  return `${MONTH_NAMES[number - 1]} ${year}`;
}

/** 0 = Sunday … 6 = Saturday, of a "YYYY-MM-DD" date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** "Wednesday, November 25, 2026". */
export function longDate(date: string): string {
  const [year, number] = parts(date);
  return `${WEEKDAY_NAMES[weekdayOf(date)]}, ${MONTH_NAMES[number - 1]} ${Number(date.slice(8, 10))}, ${year}`;
}

/** The lunar months the days fall in, in order: "Kartika – Margashirsha". */
export function lunarMonthsOf(days: PanchangamDay[]): string {
  const names: string[] = [];
  for (const day of days) {
    const name = lunarMonthName(day.lunarMonth);
    if (names[names.length - 1] !== name) names.push(name);
  }
  return names.join(' – ');
}

/** The days a devotee looks for: Ekadashi (tithis 11 and 26), Pournami (15) and Amavasya (30). */
export type Mark = 'ekadashi' | 'pournami' | 'amavasya';

export const MARKS: { mark: Mark; label: string; meaning: string }[] = [
  { mark: 'ekadashi', label: 'Ekadashi', meaning: 'the eleventh tithi, a day of fasting' },
  { mark: 'pournami', label: 'Pournami', meaning: 'full moon' },
  { mark: 'amavasya', label: 'Amavasya', meaning: 'new moon' },
];

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
