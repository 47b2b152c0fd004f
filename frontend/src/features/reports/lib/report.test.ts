import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@/lib/dates';
import { channelLabel, formatDay, isDay, isEmptyDay, methodLabel, totalOf, type DailyReport } from './report';

const empty: DailyReport = { date: '2026-11-25', total: '0.00', payments: 0, refunded: '0.00', byMethod: [], byChannel: [], byFund: [], sevas: [] };

describe('the daily report', () => {
  it('names methods and channels as the rest of the app does', () => {
    expect(['cash', 'check', 'credit_card', 'zelle', 'paypal', 'split'].map(methodLabel)).toEqual(['Cash', 'Check', 'Card', 'Zelle', 'PayPal', 'Split']);
    expect(['online', 'counter', 'hundi', 'mail'].map(channelLabel)).toEqual(['Online', 'Counter', 'Hundi', 'Mail']);
    expect(methodLabel('barter')).toBe('barter');
  });

  it('reads only real calendar days', () => {
    expect([isDay('2026-11-25'), isDay('2028-02-29'), isDay('2026-02-30'), isDay('2026-13-01'), isDay('25/11/2026'), isDay(null)]).toEqual([true, true, false, false, false, false]);
  });

  it("finds the temple's today and moves a day at a time across months and years", () => {
    // 02:00 UTC on Nov 26 is still Nov 25 in California.
    expect(todayIn('America/Los_Angeles', new Date('2026-11-26T02:00:00Z'))).toBe('2026-11-25');
    expect(todayIn('Asia/Kolkata', new Date('2026-11-26T02:00:00Z'))).toBe('2026-11-26');
    expect([addDays('2026-11-30', 1), addDays('2026-01-01', -1), addDays('2028-02-28', 1)]).toEqual(['2026-12-01', '2025-12-31', '2028-02-29']);
  });

  it('writes the day in full, whatever the time zone of the screen', () => {
    expect(formatDay('2026-11-25')).toBe('Wednesday, November 25, 2026');
  });

  it("knows an empty day and sums a table's rows", () => {
    expect(isEmptyDay(empty)).toBe(true);
    expect(isEmptyDay({ ...empty, sevas: [{ sevaName: 'Archana', booked: 1, unpaid: 1, amount: '0.00' }] })).toBe(false);
    expect(isEmptyDay({ ...empty, payments: 1, total: '11.00' })).toBe(false);
    expect(totalOf([{ amount: '11.00' }, { amount: '1234.56' }])).toBe('$1,245.56');
  });
});
