import { format } from 'date-fns';
import { env } from '@/config/env';

/** "YYYY-MM-DD" today in the temple's time zone (a count is dated by the temple's calendar). */
export function templeToday(timeZone: string = env.timeZone, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * A calendar day ("2026-11-24") in the temple's date format, "Nov 24, 2026": read as the day it
 * names, with no time zone shift; the text itself when it is not a day.
 */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])), 'MMM dd, yyyy');
}
