import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage, setPageLanguage } from '@/i18n/runtime';
import { formatDate, formatLongDate, formatMonthYear, formatTime, formatUSD, groupDigits } from './format';

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
    expect(formatUSD(-0.001)).toBe('$0.00');
  });

  it('formats dollars as Intl does, rounding included', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const n of [0, 0.001, 0.005, 0.015, 0.1 + 0.2, 0.285, 1.005, 1.115, 2.675, 4.015, 12.5, 999.995, 1000, 1234.565, 1234567.891, 100000000, -3, -1234.5, -0.015]) {
      expect(formatUSD(n)).toBe(intl.format(n));
    }
  });
});

describe('format per language (ADR 0149)', () => {
  const iso = '2026-12-06T02:30:00Z';
  afterEach(() => setPageLanguage('en'));

  it('writes dates in the language, still in the temple zone, and dollars grouped by lakhs', async () => {
    for (const [code, month] of [
      ['te', 'డిసెం'],
      ['ta', 'டிச'],
      ['hi', 'दिस'],
      ['kn', 'ಡಿಸೆಂ'],
    ] as const) {
      setPageLanguage(code, await loadLanguage(code));
      expect(formatDate(iso), code).toContain(month);
      expect(formatDate(iso), code).toMatch(/5|५/);
      expect(formatUSD(1234567.5), code).toBe('$12,34,567.50');
      expect(formatUSD(999), code).toBe('$999.00');
      expect(formatUSD(-100000), code).toBe('-$1,00,000.00');
      expect(groupDigits('1000'), code).toBe('1,000');
    }
  });

  it('keeps English exactly as before', () => {
    setPageLanguage('en');
    expect(formatDate(iso)).toBe('Dec 05, 2026');
    expect(formatUSD(1234567.5)).toBe('$1,234,567.50');
  });
});
