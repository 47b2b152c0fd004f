import { TZDate } from '@date-fns/tz';
import { format, isValid } from 'date-fns';
import { env } from '@/config/env';
import { currentDateLocale, currentLanguage } from '@/i18n/runtime';

// Dates are in the page's language (ADR 0149): English keeps the product's exact formats; the
// other languages take date-fns's own formats of their locale (te-IN, ta-IN, hi-IN, kn-IN), always
// in the temple's time zone.
function inLanguage(d: Date, english: string, localized: string): string {
  const locale = currentDateLocale();
  return locale ? format(d, localized, { locale }) : format(d, english);
}

function inTempleZone(value: string | Date): TZDate | null {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (!isValid(d)) return null;
  return new TZDate(d.getTime(), env.timeZone);
}

/** 'MMM dd, yyyy', e.g. "Dec 05, 2026", in the temple's time zone. */
export function formatDate(value: string | Date): string {
  const d = inTempleZone(value);
  return d ? inLanguage(d, 'MMM dd, yyyy', 'PP') : '';
}

/**
 * A calendar day ("2026-11-24") in the same format, "Nov 24, 2026": read as the day it names, with
 * no time zone shift; the text itself when it is not a day.
 */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return inLanguage(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])), 'MMM dd, yyyy', 'PP');
}

/** 'h:mm a', e.g. "6:30 PM", in the temple's time zone. */
export function formatTime(value: string | Date): string {
  const d = inTempleZone(value);
  return d ? inLanguage(d, 'h:mm a', 'p') : '';
}

/** Long date for the detail page, e.g. "Saturday, December 5, 2026". */
export function formatLongDate(value: string | Date): string {
  const d = inTempleZone(value);
  return d ? inLanguage(d, 'EEEE, MMMM d, yyyy', 'PPPP') : '';
}

/** 'MMMM yyyy', e.g. "March 2025" ('Member since'). */
export function formatMonthYear(value: string | Date): string {
  const d = inTempleZone(value);
  return d ? inLanguage(d, 'MMMM yyyy', 'MMMM yyyy') : '';
}

/** Day number and short month for date badges. */
export function formatBadge(value: string | Date): { day: string; month: string } {
  const d = inTempleZone(value);
  return d ? { day: format(d, 'd'), month: inLanguage(d, 'MMM', 'MMM') } : { day: '', month: '' };
}

/**
 * US dollars with 2 decimals, grouped as the page's language groups: in English "$1,234,567.00", in
 * the Indian languages by lakhs and crores, "$12,34,567.00", as `Intl.NumberFormat('te-IN', …)`
 * writes dollars.
 *
 * USD with 2 decimals: 25 -> "$25.00", "1234.5" -> "$1,234.50", -3 -> "-$3.00"; what
 * `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` writes, rounded as it rounds
 * (the decimal the number prints as, half away from zero: 1.005 -> "$1.01"), except that an amount
 * that rounds to zero has no minus sign. Not `Intl`: creating that formatter costs a phone about
 * 80 ms of one task, paid by the first page that shows an amount.
 */
export function formatUSD(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number.parseFloat(amount) : (amount ?? 0);
  const value = Number.isFinite(n) ? n : 0;
  // 15 significant digits drop the binary error of the multiplication (1.005 * 100 = 100.49999…).
  const cents = Math.round(Number((Math.abs(value) * 100).toPrecision(15)));
  const whole = groupDigits(String(Math.floor(cents / 100)));
  return `${value < 0 && cents > 0 ? '-' : ''}$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** `digits` grouped in thousands (English) or, in the Indian languages, the last three and then in twos. */
export function groupDigits(digits: string): string {
  if (currentLanguage() === 'en') return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${head},${digits.slice(-3)}`;
}
