import { describe, expect, it } from 'vitest';
import { addDays, formatCents, formatLocalDate, personLabel, todayIn } from './sankalpam';

describe('sankalpam helpers', () => {
  it('labels a person with what the priest recites', () => {
    expect(personLabel({ name: 'Ravi', gotram: 'Kashyapa', nakshatram: 'Rohini', rasi: null })).toBe('Ravi (Kashyapa, Rohini)');
    expect(personLabel({ name: 'Sita', gotram: ' ', nakshatram: null, rasi: null })).toBe('Sita');
  });

  it('reads dates as calendar dates, whatever the browser zone', () => {
    expect(formatLocalDate('2026-03-14')).toBe('Saturday, March 14, 2026');
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-10-31', 2)).toBe('2026-11-02');
  });

  it("takes today in the temple's zone", () => {
    // 2026-03-14 05:00 UTC is still March 13 in California.
    expect(todayIn('America/Los_Angeles', new Date('2026-03-14T05:00:00Z'))).toBe('2026-03-13');
    expect(todayIn('Asia/Kolkata', new Date('2026-03-14T05:00:00Z'))).toBe('2026-03-14');
  });

  it('formats cents as dollars', () => {
    expect(formatCents(1100)).toBe('$11.00');
  });
});
