import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate, formatMonthYear, formatTime, formatUSD } from './format';

describe('format', () => {
  // 2026-12-06T02:30:00Z is Dec 5, 6:30 PM in Folsom (PST, UTC-8).
  const iso = '2026-12-06T02:30:00Z';

  it("formats dates as 'MMM dd, yyyy' in the temple's zone", () => {
    expect(formatDate(iso)).toBe('Dec 05, 2026');
  });

  it("formats times as 'h:mm a' in the temple's zone", () => {
    expect(formatTime(iso)).toBe('6:30 PM');
    expect(formatTime('2026-07-04T16:05:00Z')).toBe('9:05 AM'); // PDT, UTC-7
  });

  it('formats the long date and month-year', () => {
    expect(formatLongDate(iso)).toBe('Saturday, December 5, 2026');
    expect(formatMonthYear('2025-03-10T17:00:00Z')).toBe('March 2025');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });

  it('formats USD with 2 decimals', () => {
    expect(formatUSD(25)).toBe('$25.00');
    expect(formatUSD('1234.5')).toBe('$1,234.50');
    expect(formatUSD(null)).toBe('$0.00');
    expect(formatUSD('abc')).toBe('$0.00');
  });
});
