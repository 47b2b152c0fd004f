import { describe, expect, it } from 'vitest';
import type { Seva } from '@/types/api';
import { requestedDate } from './requested-date';

/** Every day but Tuesday, a year's window, Christmas blacked out. */
const seva: Pick<Seva, 'weekdays' | 'blackoutDates' | 'horizonDays'> = {
  weekdays: ['sunday', 'monday', 'wednesday', 'thursday', 'friday', 'saturday'],
  blackoutDates: ['2026-12-25'],
  horizonDays: 366,
};
const TODAY = '2026-11-26'; // a Thursday

describe('the date a seva page is opened on', () => {
  it('is a real date from today to the end of the booking window, on a weekday of the seva, not blacked out', () => {
    expect(requestedDate(seva, '2026-11-26', TODAY)).toBe('2026-11-26');
    expect(requestedDate(seva, '2027-02-28', TODAY)).toBe('2027-02-28');
    expect(requestedDate(seva, '2027-11-27', TODAY)).toBe('2027-11-27');
    expect(requestedDate({ ...seva, horizonDays: 30 }, '2026-12-26', TODAY)).toBe('2026-12-26');
  });

  it('is null for anything else', () => {
    for (const value of [null, '', 'tomorrow', '2026-12-1', '2026-12-01T00:00', '20261201', '2027-02-29', '2026-11-31', '2026-13-01']) {
      expect(requestedDate(seva, value, TODAY), String(value)).toBeNull();
    }
    expect(requestedDate(seva, '2026-11-25', TODAY), 'yesterday').toBeNull();
    expect(requestedDate({ ...seva, horizonDays: 30 }, '2026-12-27', TODAY), 'past the window').toBeNull();
    expect(requestedDate(seva, '2026-12-01', TODAY), 'a Tuesday').toBeNull();
    expect(requestedDate(seva, '2026-12-25', TODAY), 'blacked out').toBeNull();
  });
});
