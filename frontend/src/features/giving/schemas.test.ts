import { describe, expect, it } from 'vitest';
import {
  AMOUNT_INVALID,
  AMOUNT_TOO_LARGE,
  AMOUNT_TOO_SMALL,
  END_REQUIRED,
  ENDS_BEFORE_START,
  ENDS_IN_PAST,
  FUND_REQUIRED,
  NOTE_TOO_LONG,
  START_REQUIRED,
  TOO_LONG,
  amountProblem,
  pledgeSchema,
  pledgeValues,
  toPledgeBody,
} from './schemas';

/** The first message per field, as the form shows them. */
async function errorsOf(values: Record<string, string>, today = '2027-03-10') {
  try {
    await pledgeSchema(today).validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    const inner = (err as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries([...inner].reverse().map((e) => [e.path, e.message]));
  }
}

describe('pledge form rules', () => {
  it('defaults to the whole of the current year, without a fund unless one is given', () => {
    expect(pledgeValues('2027-03-10')).toEqual({ fundId: '', amount: '', startsOn: '2027-01-01', endsOn: '2027-12-31', note: '' });
    expect(pledgeValues('2027-03-10', 'f-1').fundId).toBe('f-1');
  });

  it('reads an amount in dollars from 1 to 10,000,000, thousands separators allowed', () => {
    expect(amountProblem('')).toBe(AMOUNT_TOO_SMALL);
    expect(amountProblem('0.99')).toBe(AMOUNT_TOO_SMALL);
    expect(amountProblem('12.345')).toBe(AMOUNT_INVALID);
    expect(amountProblem('five')).toBe(AMOUNT_INVALID);
    expect(amountProblem('-5')).toBe(AMOUNT_INVALID);
    expect(amountProblem('10000000.01')).toBe(AMOUNT_TOO_LARGE);
    expect(amountProblem('10,000,000')).toBeNull();
    expect(amountProblem('1')).toBeNull();
    expect(amountProblem('5,001.50')).toBeNull();
  });

  it("checks the fund, the amount and the dates by the server's rules", async () => {
    expect(await errorsOf({ fundId: '', amount: '', startsOn: '2027-01-01', endsOn: '2026-12-31', note: '' })).toEqual({
      fundId: FUND_REQUIRED,
      amount: AMOUNT_TOO_SMALL,
      endsOn: ENDS_BEFORE_START,
    });
    expect(await errorsOf({ fundId: 'f', amount: '10', startsOn: '', endsOn: '2027-02-30', note: '' })).toEqual({
      startsOn: START_REQUIRED,
      endsOn: END_REQUIRED,
    });
    expect(await errorsOf({ fundId: 'f', amount: '10', startsOn: '2027-01-01', endsOn: '2027-03-09', note: '' })).toEqual({ endsOn: ENDS_IN_PAST });
    // At most 5 * 365 + 1 days, both ends included.
    expect(await errorsOf({ fundId: 'f', amount: '10', startsOn: '2027-01-01', endsOn: '2031-12-31', note: '' })).toEqual({});
    expect(await errorsOf({ fundId: 'f', amount: '10', startsOn: '2027-01-01', endsOn: '2032-01-01', note: '' })).toEqual({ endsOn: TOO_LONG });
    expect(await errorsOf({ fundId: 'f', amount: '10', startsOn: '2027-01-01', endsOn: '2027-12-31', note: 'x'.repeat(501) })).toEqual({
      note: NOTE_TOO_LONG,
    });
    expect(await errorsOf({ fundId: 'f', amount: '10', startsOn: '2027-01-01', endsOn: '2027-03-10', note: '' })).toEqual({});
  });

  it('sends the amount without separators and a blank note as null', () => {
    expect(toPledgeBody({ fundId: 'f', amount: ' 5,001 ', startsOn: '2027-01-01', endsOn: '2027-12-31', note: '  ' })).toEqual({
      fundId: 'f',
      amount: '5001',
      startsOn: '2027-01-01',
      endsOn: '2027-12-31',
      note: null,
    });
  });
});
