import { describe, expect, it } from 'vitest';
import { isFulfilled, pledgePeriod, pledgeProgressText, pledgeSummary } from './pledges';

describe('pledge texts', () => {
  it('writes a period within a year, across years and of one day', () => {
    expect(pledgePeriod('2027-01-01', '2027-12-31')).toBe('Jan 1 – Dec 31, 2027');
    expect(pledgePeriod('2027-07-01', '2028-06-30')).toBe('Jul 1, 2027 – Jun 30, 2028');
    expect(pledgePeriod('2027-03-14', '2027-03-14')).toBe('Mar 14, 2027');
  });

  it('reads an amount over its period', () => {
    expect(pledgeSummary({ amount: '5001.00', startsOn: '2027-01-01', endsOn: '2027-12-31' })).toBe('$5,001.00 over Jan 1 – Dec 31, 2027');
  });

  it('reads what was given and what is to go, fulfilled once nothing remains', () => {
    expect(pledgeProgressText({ status: 'active', fulfilled: '1200.00', remaining: '3801.00' })).toBe('$1,200.00 given · $3,801.00 to go');
    expect(pledgeProgressText({ status: 'active', fulfilled: '0.00', remaining: '5001.00' })).toBe('$0.00 given · $5,001.00 to go');
    expect(pledgeProgressText({ status: 'active', fulfilled: '6000.00', remaining: '0.00' })).toBe('Fulfilled — thank you!');
    expect(pledgeProgressText({ status: 'cancelled', fulfilled: '1200.00', remaining: '3801.00' })).toBe('$1,200.00 given');
    expect(isFulfilled({ remaining: '0.00' })).toBe(true);
    expect(isFulfilled({ remaining: '0.01' })).toBe(false);
  });
});
