// The lists a sankalpam names people by, offered as suggestions (members may type their own).
import { format } from 'date-fns';
import { longDateLabel, monthYearLabel } from '@/lib/dates';
import { formatUSD } from '@/lib/format';
import { currentDateLocale } from '@/i18n/runtime';
import { t } from '../i18n';

export const NAKSHATRAMS = [
  'Ashwini', 'Bharani', 'Krittika', 'Rohini', 'Mrigashira', 'Ardra', 'Punarvasu', 'Pushya', 'Ashlesha', 'Magha',
  'Purva Phalguni', 'Uttara Phalguni', 'Hasta', 'Chitra', 'Swati', 'Vishakha', 'Anuradha', 'Jyeshtha', 'Mula',
  'Purva Ashadha', 'Uttara Ashadha', 'Shravana', 'Dhanishta', 'Shatabhisha', 'Purva Bhadrapada', 'Uttara Bhadrapada', 'Revati',
] as const;

export const RASIS = [
  'Mesha', 'Vrishabha', 'Mithuna', 'Karka', 'Simha', 'Kanya', 'Tula', 'Vrishchika', 'Dhanu', 'Makara', 'Kumbha', 'Meena',
] as const;

const CATEGORY_KEYS = {
  temple: 'sevas.category.temple',
  home: 'sevas.category.home',
  proxy: 'sevas.category.proxy',
} as const;

/** Where a seva is performed, in the page's language; an unknown category as it is. */
export function categoryLabel(category: string): string {
  const key = CATEGORY_KEYS[category as keyof typeof CATEGORY_KEYS];
  return key ? t(key) : category;
}

/** "Ravi (Kashyapa, Rohini, Vrishabha)" */
export function personLabel(p: { name?: string | null; gotram?: string | null; nakshatram?: string | null; rasi?: string | null }): string {
  const extra = [p.gotram, p.nakshatram, p.rasi].filter((x): x is string => Boolean(x && x.trim()));
  return extra.length ? `${p.name ?? ''} (${extra.join(', ')})` : (p.name ?? '');
}

/** A "YYYY-MM-DD" calendar day as a local Date (its midnight, no time zone shift). */
function calendarDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/**
 * "2026-03-14" as "Saturday, March 14, 2026", read as a calendar date (no time zone shift); in the
 * other languages date-fns's long format of their locale (ADR 0149).
 */
export function formatLocalDate(date: string): string {
  const locale = currentDateLocale();
  return locale ? format(calendarDay(date), 'PPPP', { locale }) : longDateLabel(date);
}

/** "November 2026" for a "YYYY-MM-DD" date, in the page's language. */
export function formatMonthYear(date: string): string {
  const locale = currentDateLocale();
  return locale ? format(calendarDay(date), 'LLLL yyyy', { locale }) : monthYearLabel(date);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The weekdays' short names from Sunday, in the page's language. */
export function weekdayNames(): string[] {
  const locale = currentDateLocale();
  // March 1, 2026 is a Sunday.
  return locale ? WEEKDAYS.map((_, i) => format(new Date(2026, 2, 1 + i), 'EEE', { locale })) : WEEKDAYS;
}

export { addDays, todayIn } from '@/lib/dates';

export function formatCents(cents: number): string {
  return formatUSD(cents / 100);
}
