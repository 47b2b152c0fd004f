import { describe, expect, it } from 'vitest';
import { blankCheck, batchTotalCents, errorsByCheck, newBatch, problems, toRequest, type DraftBatch } from './check-batch';

const batch = (checks: DraftBatch['checks']): DraftBatch => ({ key: 'batch-1', channel: 'mail', checks });
const gopal = { ...blankCheck('2026-11-20'), giver: { kind: 'new' as const, name: ' Gopal Iyer ' }, amount: '51', checkNumber: '1042', bank: 'Golden 1' };
const lakshmi = { ...gopal, giver: { kind: 'member' as const, userId: 'u1', label: 'Lakshmi Rao' }, donationTypeId: 'annadanam', amount: '101.50', checkNumber: '2417' };

describe('check batches', () => {
  it('leaves blank rows out, totals the rest and sends each check as a gift of its own', () => {
    const b = batch([gopal, blankCheck('2026-11-20'), lakshmi]);
    expect(problems(b)).toEqual([]);
    expect(batchTotalCents(b)).toBe(15_250);
    expect(toRequest(b, new Map([['annadanam', 'Annadanam']]))).toEqual({
      channel: 'mail',
      checks: [
        {
          donor: { name: 'Gopal Iyer' },
          lines: [{ donationTypeId: 'custom', amount: '51', name: 'General donation' }],
          check: { amount: '51', checkNumber: '1042', bank: 'Golden 1', checkDate: '2026-11-20' },
        },
        {
          donor: { userId: 'u1' },
          lines: [{ donationTypeId: 'annadanam', amount: '101.50', name: 'Annadanam' }],
          check: { amount: '101.50', checkNumber: '2417', bank: 'Golden 1', checkDate: '2026-11-20' },
        },
      ],
    });
  });

  it('says what each check still needs, by its number', () => {
    expect(problems(batch([blankCheck('2026-11-20')]))).toEqual(['Add at least one check']);
    const b = batch([gopal, { ...gopal, giver: { kind: 'new', name: '' }, amount: '5.555', checkNumber: '12a', bank: '' }]);
    expect(problems(b)).toEqual(['Check 2 needs who wrote it, an amount, a check number (digits), a bank']);
  });

  it("puts the server's errors under the check they are about, counting only the checks sent", () => {
    const b = batch([blankCheck('2026-11-20'), gopal, lakshmi]);
    const errors = errorsByCheck(b, { 'checks[1].tenders': 'Enter the check number (digits, at most 20)', channel: 'x' });
    expect([...errors.entries()]).toEqual([[2, ['Enter the check number (digits, at most 20)']]]);
  });

  it('starts each batch under a key of its own', () => {
    expect(newBatch('2026-11-20').key).not.toBe(newBatch('2026-11-20').key);
  });
});
