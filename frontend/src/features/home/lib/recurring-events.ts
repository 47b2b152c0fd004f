// The temple's recurring events (spec section 9) and the next date of each, computed in the
// temple's zone (America/Los_Angeles) so DST and the viewer's own zone do not shift them.
import { TZDate } from '@date-fns/tz';

export const TEMPLE_TZ = 'America/Los_Angeles';

export type Recurrence =
  | { kind: 'daily' }
  | { kind: 'weekly'; weekday: number } // 0 = Sunday ... 6 = Saturday
  | { kind: 'monthly'; weekday: number; nth: 1 | 2 | 3 | 4 }; // nth weekday of the month

export type RecurringEvent = {
  name: string;
  /** 24-hour local time in the temple's zone. */
  hour: number;
  minute: number;
  recurrence: Recurrence;
  /** Human description of the schedule. */
  schedule: string;
};

const SATURDAY = 6;
const TUESDAY = 2;

export const recurringEvents: RecurringEvent[] = [
  { name: 'Vishnu Sahasranamam Parayanam', hour: 19, minute: 0, recurrence: { kind: 'daily' }, schedule: 'Every day, 7:00 PM' },
  { name: 'Venkateshwara Suprabhatam', hour: 9, minute: 0, recurrence: { kind: 'weekly', weekday: SATURDAY }, schedule: 'Every Saturday, 9:00 AM' },
  { name: 'Anjaneya Abhishekham', hour: 18, minute: 30, recurrence: { kind: 'weekly', weekday: TUESDAY }, schedule: 'Every Tuesday, 6:30 PM' },
  { name: 'Venkateshwara Abhishekam', hour: 10, minute: 0, recurrence: { kind: 'monthly', weekday: SATURDAY, nth: 2 }, schedule: '2nd Saturday of the month, 10:00 AM' },
  { name: 'Venkateshwara Sahasranama Archana', hour: 19, minute: 30, recurrence: { kind: 'monthly', weekday: SATURDAY, nth: 1 }, schedule: '1st Saturday of the month, 7:30 PM' },
  { name: 'Unjal Seva', hour: 20, minute: 0, recurrence: { kind: 'monthly', weekday: SATURDAY, nth: 4 }, schedule: '4th Saturday of the month, 8:00 PM' },
];

function at(year: number, month: number, day: number, ev: RecurringEvent, tz: string): TZDate {
  // TZDate normalises overflowing days/months and resolves the wall time in the zone.
  return new TZDate(year, month, day, ev.hour, ev.minute, 0, 0, tz);
}

/** Day of the month of the nth given weekday of a month (1-based). */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, nth: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((weekday - firstWeekday + 7) % 7) + 7 * (nth - 1);
}

/**
 * The next start (strictly after `now`; an event that starts at this minute has begun) of a
 * recurring event, as an instant. Today's occurrence counts while it has not started yet.
 */
export function nextOccurrence(ev: RecurringEvent, now: Date, tz: string = TEMPLE_TZ): Date {
  const local = new TZDate(now.getTime(), tz);
  const y = local.getFullYear();
  const m = local.getMonth();
  const d = local.getDate();
  const after = (c: TZDate) => c.getTime() > now.getTime();

  switch (ev.recurrence.kind) {
    case 'daily': {
      const today = at(y, m, d, ev, tz);
      return new Date((after(today) ? today : at(y, m, d + 1, ev, tz)).getTime());
    }
    case 'weekly': {
      const diff = (ev.recurrence.weekday - local.getDay() + 7) % 7;
      const c = at(y, m, d + diff, ev, tz);
      return new Date((after(c) ? c : at(y, m, d + diff + 7, ev, tz)).getTime());
    }
    case 'monthly': {
      const { weekday, nth } = ev.recurrence;
      for (let i = 0; i < 3; i++) {
        const mm = m + i;
        const yy = y + Math.floor(mm / 12);
        const mon = mm % 12;
        const c = at(yy, mon, nthWeekdayOfMonth(yy, mon, weekday, nth), ev, tz);
        if (after(c)) return new Date(c.getTime());
      }
      throw new Error('unreachable: an nth weekday occurs every month');
    }
  }
}

export type ScheduledEvent = RecurringEvent & { next: Date };

/** Every recurring event with its next date, soonest first. */
export function upcomingRecurring(now: Date, tz: string = TEMPLE_TZ): ScheduledEvent[] {
  return recurringEvents
    .map((ev) => ({ ...ev, next: nextOccurrence(ev, now, tz) }))
    .sort((a, b) => a.next.getTime() - b.next.getTime());
}

/** The special event shown next to the recurring list: lunar eclipse timings (Pacific time). */
export const lunarEclipse = {
  title: 'Lunar Eclipse (Chandra Grahanam)',
  dates: 'March 13-14',
  note: 'The temple closes during the eclipse. Darshan resumes after the Samprokshana (purification) and special abhishekam.',
  timings: [
    { label: 'Penumbral eclipse begins', time: 'Mar 13, 8:57 PM' },
    { label: 'Partial eclipse begins', time: 'Mar 13, 10:09 PM' },
    { label: 'Total eclipse begins', time: 'Mar 13, 11:26 PM' },
    { label: 'Maximum eclipse', time: 'Mar 13, 11:58 PM' },
    { label: 'Total eclipse ends', time: 'Mar 14, 12:31 AM' },
    { label: 'Partial eclipse ends', time: 'Mar 14, 1:47 AM' },
    { label: 'Penumbral eclipse ends', time: 'Mar 14, 3:00 AM' },
  ],
} as const;
