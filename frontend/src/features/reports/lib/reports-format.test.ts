import { describe, expect, it } from 'vitest';
import { amountOf, axisAmount, monthLabel, thisYear } from './reports-format';

describe('the reports’ formats', () => {
  it('names months, reads amounts and defaults to this year', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026');
    expect(monthLabel('bad')).toBe('bad');
    expect(amountOf('1250.50')).toBe(1250.5);
    expect(amountOf('x')).toBe(0);
    expect(axisAmount(1250)).toBe('$1,250');
    expect(thisYear('2026-12-04')).toEqual({ from: '2026-01-01', to: '2026-12-04' });
  });
});
