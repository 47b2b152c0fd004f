import { describe, expect, it } from 'vitest';
import { daysBefore, isDay, previousMonth } from './period';

describe('the export period', () => {
  it('defaults to the month before, across a year and a leap February', () => {
    expect(previousMonth('2026-12-04')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(previousMonth('2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(previousMonth('2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('reads only whole days', () => {
    expect(isDay('2026-11-30')).toBe(true);
    expect(isDay('2026-11-3')).toBe(false);
    expect(isDay('')).toBe(false);
  });

  it('counts days back across months and years', () => {
    expect(daysBefore('2026-12-04', 90)).toBe('2026-09-05');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2027-01-01', 1)).toBe('2026-12-31');
  });
});
