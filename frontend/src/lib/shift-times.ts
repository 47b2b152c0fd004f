// A volunteer shift's times as members and coordinators read them, in the temple's time zone.
import { formatDate, formatTime } from '@/lib/format';

type Span = { startsAt: string; endsAt: string };

/** "9:00 AM – 1:00 PM"; a shift ending on another day names that day: "10:00 PM – Nov 08, 2026, 2:00 AM". */
export function shiftTimes(shift: Span): string {
  const sameDay = formatDate(shift.startsAt) === formatDate(shift.endsAt);
  const end = sameDay ? formatTime(shift.endsAt) : `${formatDate(shift.endsAt)}, ${formatTime(shift.endsAt)}`;
  return `${formatTime(shift.startsAt)} – ${end}`;
}

/** Whether the shift has started at `now` (milliseconds): sign-ups close, attendance can be marked. */
export function hasStarted(shift: Pick<Span, 'startsAt'>, now: number): boolean {
  return new Date(shift.startsAt).getTime() <= now;
}
