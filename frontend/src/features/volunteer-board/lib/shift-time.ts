import { TZDate } from '@date-fns/tz';
import { format, isValid } from 'date-fns';
import { env } from '@/config/env';
import { addDays } from '@/lib/dates';
import { formatDate, formatTime } from '@/lib/format';

// A shift's date and times are typed as wall-clock time in the temple's zone (America/Los_Angeles),
// whatever the coordinator's computer is set to; the API gets UTC instants (as the event form does).

/** An instant's day ("YYYY-MM-DD") and time ("HH:mm") in the temple's zone; blank when not a date. */
export function templeParts(value: string | Date): { date: string; time: string } {
  const d = new Date(value);
  if (!isValid(d)) return { date: '', time: '' };
  const local = new TZDate(d.getTime(), env.timeZone);
  return { date: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
}

/** "YYYY-MM-DD" and "HH:mm" read as temple time, as a UTC ISO instant; null when either is not one. */
export function templeInstant(date: string, time: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!d || !t) return null;
  const [y, mo, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [h, mi] = [Number(t[1]), Number(t[2])];
  if (mo < 1 || mo > 12 || day < 1 || day > 31 || h > 23 || mi > 59) return null;
  const at = new TZDate(y, mo - 1, day, h, mi, 0, env.timeZone);
  // 2026-02-31 would roll over to March: not a real day.
  if (!isValid(at) || format(at, 'yyyy-MM-dd') !== d[0]) return null;
  return new Date(at.getTime()).toISOString();
}

/**
 * A shift's start and end from its form: the end on the same day, or on the next when its time is
 * earlier than the start's (an evening shift that ends after midnight). Null when not complete.
 */
export function shiftSpan(date: string, start: string, end: string): { startsAt: string; endsAt: string } | null {
  const startsAt = templeInstant(date, start);
  if (!startsAt || !/^\d{1,2}:\d{2}$/.test(end.trim())) return null;
  const nextDay = end.trim().padStart(5, '0') < start.trim().padStart(5, '0');
  const endsAt = templeInstant(nextDay ? addDays(date.trim(), 1) : date, end);
  return endsAt ? { startsAt, endsAt } : null;
}

/** Whether the end time is earlier than the start's, so the shift ends the next day. */
export function endsNextDay(start: string, end: string): boolean {
  return /^\d{1,2}:\d{2}$/.test(start.trim()) && /^\d{1,2}:\d{2}$/.test(end.trim()) && end.trim().padStart(5, '0') < start.trim().padStart(5, '0');
}

/** "Nov 08, 2026 · 2:00 PM – 6:00 PM", in the temple's zone. */
export function shiftLabel(shift: { startsAt: string; endsAt: string }): string {
  return `${formatDate(shift.startsAt)} · ${shiftTimes(shift)}`;
}

/** "2:00 PM – 6:00 PM", in the temple's zone. */
export function shiftTimes(shift: { startsAt: string; endsAt: string }): string {
  return `${formatTime(shift.startsAt)} – ${formatTime(shift.endsAt)}`;
}

/** Attendance can be marked once the shift has started. */
export function hasStarted(shift: { startsAt: string }, now: Date): boolean {
  return new Date(shift.startsAt).getTime() <= now.getTime();
}
