// The texts of festival volunteering shifts: times in the temple's time zone, counts, statuses, hours.
import { TZDate } from '@date-fns/tz';
import { env } from '@/config/env';
import { formatLongDate } from '@/lib/format';
import { shiftTimes } from '@/lib/shift-times';
import { t } from '../i18n';

export { hasStarted, shiftTimes } from '@/lib/shift-times';
import type { MyShiftSignup, PlanShift } from '@/types/volunteer-shifts';

/** The shift's day, "Saturday, November 7, 2026", in the temple's time zone. */
export function shiftDay(shift: Pick<PlanShift, 'startsAt'>): string {
  return formatLongDate(shift.startsAt);
}

/** The day and the times on one line: "Saturday, November 7, 2026, 9:00 AM – 1:00 PM". */
export function shiftWhen(shift: Pick<PlanShift, 'startsAt' | 'endsAt'>): string {
  return `${shiftDay(shift)}, ${shiftTimes(shift)}`;
}

/** Every place is taken: a new sign-up joins the waitlist. */
export function isFull(shift: Pick<PlanShift, 'filled' | 'needed'>): boolean {
  return shift.filled >= shift.needed;
}

/** "3 of 5 filled". */
export function filledLabel(shift: Pick<PlanShift, 'filled' | 'needed'>): string {
  return t('shifts.filled', { filled: shift.filled, needed: shift.needed });
}

/** "Ages 16 and over", or null when the role has no minimum age. */
export function minAgeLabel(minAge: number | null): string | null {
  return minAge && minAge > 0 ? t('shifts.minAge', { age: minAge }) : null;
}

/** "1 hour", "12.5 hours", "0 hours" (one decimal, as the server counts them). */
export function hoursLabel(hours: number): string {
  return t('shifts.hours', { hours: Math.round(hours * 10) / 10 });
}

/** Where a sign-up stands: on the shift, waiting, or, once marked, whether the volunteer came. */
export function signupStatusLabel(signup: Pick<MyShiftSignup, 'status' | 'attendance'>): string {
  if (signup.attendance === 'present') return t('shifts.status.attended');
  if (signup.attendance === 'no_show') return t('shifts.status.missed');
  return signup.status === 'waitlisted' ? t('shifts.status.waitlisted') : t('shifts.status.confirmed');
}

export function signupStatusColor(signup: Pick<MyShiftSignup, 'status' | 'attendance'>): 'success' | 'warning' | 'default' {
  if (signup.attendance === 'no_show') return 'default';
  return signup.status === 'waitlisted' ? 'warning' : 'success';
}

/** Next year (shifts already signed up for), the temple's current year and the four before it, newest first. */
export function recentYears(now: Date = new Date()): number[] {
  // The year in the temple's time zone (not read off a formatted date, which follows the page's language).
  const year = new TZDate(now.getTime(), env.timeZone).getFullYear();
  return [-1, 0, 1, 2, 3, 4].map((back) => year - back);
}

/** The temple's current year among `recentYears()`. */
export const THIS_YEAR = 1;

/** By start time, then end time. */
export function byStart<T extends Pick<PlanShift, 'startsAt' | 'endsAt'>>(a: T, b: T): number {
  return Date.parse(a.startsAt) - Date.parse(b.startsAt) || Date.parse(a.endsAt) - Date.parse(b.endsAt);
}
