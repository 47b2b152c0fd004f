import { TZDate } from '@date-fns/tz';
import { format, isValid } from 'date-fns';
import { env } from '@/config/env';

// The date-time input shows and takes wall-clock time in the temple's zone (America/Los_Angeles),
// whatever the admin's computer is set to; the API gets UTC ISO strings.

const INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";

/** An instant as the value of an <input type="datetime-local"> in the temple's zone. */
export function toTempleInput(value: string | Date | number): string {
  const d = new Date(value);
  if (!isValid(d)) return '';
  return format(new TZDate(d.getTime(), env.timeZone), INPUT_FORMAT);
}

/** 'yyyy-MM-ddTHH:mm' read as temple time, as a UTC ISO string; null when not a date-time. */
export function fromTempleInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const date = new TZDate(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), env.timeZone);
  if (!isValid(date)) return null;
  return new Date(date.getTime()).toISOString();
}

/** The earliest selectable value: now, in the temple's zone. */
export function templeInputMin(now: Date = new Date()): string {
  return toTempleInput(now);
}
