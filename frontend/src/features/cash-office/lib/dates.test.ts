import { describe, expect, it } from 'vitest';
import { todayIn } from '@/lib/dates';
import { formatDay } from './dates';
import { centsOf, fromCents } from './money';

describe('days and amounts', () => {
  it("reads a calendar day as the day it names, in the temple's format", () => {
    expect(formatDay('2026-11-05')).toBe('Nov 05, 2026');
    expect(formatDay('2026-01-01')).toBe('Jan 01, 2026');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it("takes today from the temple's time zone", () => {
    // 03:00 UTC on Nov 26 is still Nov 25 in Folsom.
    expect(todayIn('America/Los_Angeles', new Date('2026-11-26T03:00:00Z'))).toBe('2026-11-25');
    expect(todayIn('Asia/Kolkata', new Date('2026-11-26T03:00:00Z'))).toBe('2026-11-26');
  });

  it('turns API amounts into cents and back', () => {
    expect(centsOf('1234.56')).toBe(123_456);
    expect(centsOf('-2.00')).toBe(-200);
    expect(centsOf('0.29')).toBe(29);
    expect(centsOf('x')).toBe(0);
    expect(fromCents(7_375)).toBe('73.75');
  });
});
