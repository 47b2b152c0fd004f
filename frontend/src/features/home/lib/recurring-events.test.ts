import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { nextOccurrence, nthWeekdayOfMonth, recurringEvents, TEMPLE_TZ, upcomingRecurring } from './recurring-events';

const la = (d: Date) => format(new TZDate(d.getTime(), TEMPLE_TZ), 'EEE yyyy-MM-dd HH:mm');
const byName = (name: string) => recurringEvents.find((e) => e.name === name)!;
/** An instant given as wall time in Folsom. */
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(new TZDate(y, m - 1, d, h, min, 0, 0, TEMPLE_TZ).getTime());

describe('nthWeekdayOfMonth', () => {
  it('finds the nth Saturday', () => {
    // March 2026 starts on a Sunday: Saturdays are 7, 14, 21, 28.
    expect(nthWeekdayOfMonth(2026, 2, 6, 1)).toBe(7);
    expect(nthWeekdayOfMonth(2026, 2, 6, 2)).toBe(14);
    expect(nthWeekdayOfMonth(2026, 2, 6, 4)).toBe(28);
    // August 2026 starts on a Saturday.
    expect(nthWeekdayOfMonth(2026, 7, 6, 1)).toBe(1);
  });
});

describe('nextOccurrence (America/Los_Angeles)', () => {
  const daily = byName('Vishnu Sahasranamam Parayanam');
  const saturday = byName('Venkateshwara Suprabhatam');
  const tuesday = byName('Anjaneya Abhishekham');
  const second = byName('Venkateshwara Abhishekam');
  const first = byName('Venkateshwara Sahasranama Archana');
  const fourth = byName('Unjal Seva');

  it('daily: today at 7 PM until it starts, then tomorrow', () => {
    expect(la(nextOccurrence(daily, at(2026, 3, 10, 18, 59)))).toBe('Tue 2026-03-10 19:00');
    expect(la(nextOccurrence(daily, at(2026, 3, 10, 19, 0)))).toBe('Wed 2026-03-11 19:00');
    expect(la(nextOccurrence(daily, at(2026, 12, 31, 23, 30)))).toBe('Fri 2027-01-01 19:00');
  });

  it('uses the temple day, not the UTC day', () => {
    // 2026-03-11T03:30Z is still March 10, 8:30 PM in Folsom.
    expect(la(nextOccurrence(daily, new Date('2026-03-11T03:30:00Z')))).toBe('Wed 2026-03-11 19:00');
    expect(la(nextOccurrence(tuesday, new Date('2026-03-11T01:00:00Z')))).toBe('Tue 2026-03-10 18:30');
  });

  it('keeps the wall time across the DST change', () => {
    // DST starts Sunday March 8, 2026.
    const next = nextOccurrence(daily, at(2026, 3, 7, 20, 0));
    expect(la(next)).toBe('Sun 2026-03-08 19:00');
    expect(next.toISOString()).toBe('2026-03-09T02:00:00.000Z'); // PDT, UTC-7
  });

  it('weekly: the coming Saturday 9 AM / Tuesday 6:30 PM', () => {
    expect(la(nextOccurrence(saturday, at(2026, 3, 10)))).toBe('Sat 2026-03-14 09:00');
    expect(la(nextOccurrence(saturday, at(2026, 3, 14, 8, 0)))).toBe('Sat 2026-03-14 09:00');
    expect(la(nextOccurrence(saturday, at(2026, 3, 14, 9, 30)))).toBe('Sat 2026-03-21 09:00');
    expect(la(nextOccurrence(tuesday, at(2026, 3, 10, 18, 0)))).toBe('Tue 2026-03-10 18:30');
    expect(la(nextOccurrence(tuesday, at(2026, 3, 10, 19, 0)))).toBe('Tue 2026-03-17 18:30');
  });

  it('monthly: 1st, 2nd and 4th Saturday, rolling into the next month', () => {
    expect(la(nextOccurrence(first, at(2026, 3, 1)))).toBe('Sat 2026-03-07 19:30');
    expect(la(nextOccurrence(first, at(2026, 3, 7, 20, 0)))).toBe('Sat 2026-04-04 19:30');
    expect(la(nextOccurrence(second, at(2026, 3, 10)))).toBe('Sat 2026-03-14 10:00');
    expect(la(nextOccurrence(second, at(2026, 3, 14, 10, 0)))).toBe('Sat 2026-04-11 10:00');
    expect(la(nextOccurrence(fourth, at(2026, 3, 22)))).toBe('Sat 2026-03-28 20:00');
    expect(la(nextOccurrence(fourth, at(2026, 12, 27)))).toBe('Sat 2027-01-23 20:00');
  });
});

describe('upcomingRecurring', () => {
  it('lists the six recurring events, soonest first', () => {
    const list = upcomingRecurring(at(2026, 3, 10, 12, 0));
    expect(list).toHaveLength(6);
    expect(list.map((e) => e.name)).toEqual([
      'Anjaneya Abhishekham', // Tue Mar 10 18:30
      'Vishnu Sahasranamam Parayanam', // Tue Mar 10 19:00
      'Venkateshwara Suprabhatam', // Sat Mar 14 09:00
      'Venkateshwara Abhishekam', // Sat Mar 14 10:00
      'Unjal Seva', // Sat Mar 28 20:00
      'Venkateshwara Sahasranama Archana', // Sat Apr 4 19:30
    ]);
  });
});
