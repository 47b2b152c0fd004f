import { addDays } from '@/lib/dates';
import { formatDate } from '@/lib/format';
import { shiftTimes } from '@/lib/shift-times';
import { fromTempleInput, toTempleInput } from '@/lib/temple-time';

export { hasStarted } from '@/lib/shift-times';

// A shift's date and times are typed as wall-clock time in the temple's zone (America/Los_Angeles),
// whatever the coordinator's computer is set to; the API gets UTC instants (as the event form does).

/** An instant's day ("YYYY-MM-DD") and time ("HH:mm") in the temple's zone; blank when not a date. */
export function templeParts(value: string | Date): { date: string; time: string } {
  const [date = '', time = ''] = toTempleInput(value).split('T');
  return { date, time };
}

/** "YYYY-MM-DD" and "HH:mm" read as temple time, as a UTC ISO instant; null when either is not one. */
export function templeInstant(date: string, time: string): string | null {
  const t = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!t || Number(t[1]) > 23 || Number(t[2]) > 59) return null;
  const at = fromTempleInput(`${date.trim()}T${t[1].padStart(2, '0')}:${t[2]}`);
  // 2026-02-31 would roll over to March: not a real day.
  return at && templeParts(at).date === date.trim() ? at : null;
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
