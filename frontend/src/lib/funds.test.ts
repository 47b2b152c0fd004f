import { describe, expect, it } from 'vitest';
import { campaignLabel, donorsLabel, formatCount, progressText } from './funds';

const progress = (raised: string, donors: number) => ({ raised, donors, gifts: donors, percent: null });

describe('fund texts', () => {
  it('reads a fund with a goal as raised of goal, and one without as raised', () => {
    expect(progressText({ goal: '500000.00', progress: progress('182400.00', 214) })).toBe('$182,400.00 of $500,000.00 · 214 donors');
    expect(progressText({ goal: null, progress: progress('1234.00', 12) })).toBe('$1,234.00 raised · 12 donors');
    expect(progressText({ goal: null, progress: progress('0.00', 0) })).toBe('$0.00 raised · 0 donors');
  });

  it('counts donors in words and thousands', () => {
    expect(donorsLabel(1)).toBe('1 donor');
    expect(donorsLabel(1234)).toBe('1,234 donors');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(999)).toBe('999');
  });

  it('writes a campaign from, until, or from and until its calendar dates', () => {
    expect(campaignLabel({ startsOn: '2027-03-01', endsOn: '2027-12-31' })).toBe('March 1, 2027 – December 31, 2027');
    expect(campaignLabel({ startsOn: '2027-03-01', endsOn: null })).toBe('From March 1, 2027');
    expect(campaignLabel({ startsOn: null, endsOn: '2027-12-31' })).toBe('Until December 31, 2027');
    expect(campaignLabel({ startsOn: null, endsOn: null })).toBeNull();
  });
});
