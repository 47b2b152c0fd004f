import { TZDate } from '@date-fns/tz';
import { format, isValid } from 'date-fns';
import { env } from '@/config/env';

function inTempleZone(value: string | Date): TZDate | null {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (!isValid(d)) return null;
  return new TZDate(d.getTime(), env.timeZone);
}

/** 'MMM dd, yyyy', e.g. "Dec 05, 2026", in the temple's time zone. */
export function formatDate(value: string | Date): string {
  const d = inTempleZone(value);
  return d ? format(d, 'MMM dd, yyyy') : '';
}

/** 'h:mm a', e.g. "6:30 PM", in the temple's time zone. */
export function formatTime(value: string | Date): string {
  const d = inTempleZone(value);
  return d ? format(d, 'h:mm a') : '';
}

/** Long date for the detail page, e.g. "Saturday, December 5, 2026". */
export function formatLongDate(value: string | Date): string {
  const d = inTempleZone(value);
  return d ? format(d, 'EEEE, MMMM d, yyyy') : '';
}

/** 'MMMM yyyy', e.g. "March 2025" ('Member since'). */
export function formatMonthYear(value: string | Date): string {
  const d = inTempleZone(value);
  return d ? format(d, 'MMMM yyyy') : '';
}

/** Day number and short month for date badges. */
export function formatBadge(value: string | Date): { day: string; month: string } {
  const d = inTempleZone(value);
  return d ? { day: format(d, 'd'), month: format(d, 'MMM') } : { day: '', month: '' };
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** USD with 2 decimals: 25 -> "$25.00", "1234.5" -> "$1,234.50". */
export function formatUSD(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number.parseFloat(amount) : (amount ?? 0);
  return usd.format(Number.isFinite(n) ? n : 0);
}
