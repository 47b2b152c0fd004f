import { format } from 'date-fns';

/**
 * A calendar day ("2026-11-24") in the temple's date format, "Nov 24, 2026": read as the day it
 * names, with no time zone shift; the text itself when it is not a day.
 */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])), 'MMM dd, yyyy');
}
