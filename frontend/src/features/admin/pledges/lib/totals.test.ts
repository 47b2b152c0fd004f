import { describe, expect, it } from 'vitest';
import { pledgeTotalsLine, theFund } from './totals';

describe('pledge totals', () => {
  it('adds up the active pledges exactly and counts the cancelled ones apart', () => {
    const p = (amount: string, fulfilled: string, status: 'active' | 'cancelled' = 'active') => ({ amount, fulfilled, status });
    expect(pledgeTotalsLine([p('5001.00', '1200.10'), p('0.10', '0.20'), p('100.00', '50.00', 'cancelled')])).toBe(
      '2 active pledges · $5,001.10 pledged · $1,200.30 given · 1 cancelled',
    );
    expect(pledgeTotalsLine([p('10.00', '0.00')])).toBe('1 active pledge · $10.00 pledged · $0.00 given');
    expect(pledgeTotalsLine([])).toBe('0 active pledges · $0.00 pledged · $0.00 given');
  });

  it('names a fund once', () => {
    expect(theFund('Temple Building')).toBe('the Temple Building fund');
    expect(theFund('Building Fund')).toBe('the Building Fund');
  });
});
