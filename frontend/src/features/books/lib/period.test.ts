import { describe, expect, it } from 'vitest';
import { isDay, previousMonth } from './period';

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
});
