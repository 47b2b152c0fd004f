import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, isValidCardNumber, isValidCvc, isValidExpiry, lastFour, parseExpiry, toAppPath } from './card-validation';

describe('sandbox card checks', () => {
  it('accepts Luhn-valid card numbers only', () => {
    expect(isValidCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isValidCardNumber('4242 4242 4242 4241')).toBe(false);
    expect(isValidCardNumber('4242')).toBe(false);
  });

  it('checks expiry dates against the current month', () => {
    const now = new Date(2026, 4, 15);
    expect(isValidExpiry('05/26', now)).toBe(true);
    expect(isValidExpiry('04/26', now)).toBe(false);
    expect(isValidExpiry('13/30', now)).toBe(false);
    expect(isValidExpiry('12/2030', now)).toBe(true);
    expect(isValidExpiry('1230', now)).toBe(false);
  });

  it('reads an expiry as its month and four-digit year, and a number as its last four digits', () => {
    expect(parseExpiry('12/28')).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry(' 3 / 2031 ')).toEqual({ month: 3, year: 2031 });
    expect(parseExpiry('13/28')).toBeNull();
    expect(parseExpiry('1228')).toBeNull();
    expect(lastFour('4000 0000 0000 0341')).toBe('0341');
  });

  it('checks CVCs', () => {
    expect(isValidCvc('123')).toBe(true);
    expect(isValidCvc('1234')).toBe(true);
    expect(isValidCvc('12')).toBe(false);
  });

  it('formats card numbers and expiry while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
  });

  it('turns same-origin URLs into app paths', () => {
    expect(toAppPath('/payment-confirmation?a=1', 'http://localhost')).toBe('/payment-confirmation?a=1');
    expect(toAppPath('http://localhost/payment-confirmation?a=1', 'http://localhost')).toBe('/payment-confirmation?a=1');
    expect(toAppPath('https://pay.example.com/x', 'http://localhost')).toBe('https://pay.example.com/x');
  });
});
