import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { makeRecurringGift } from '@/testing/data';
import {
  AMOUNT_INVALID,
  AMOUNT_TOO_LARGE,
  AMOUNT_TOO_SMALL,
  changeSchema,
  changeValues,
  DATE_IN_THE_PAST,
  DATE_INVALID,
  DATE_TOO_FAR,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  FUND_REQUIRED,
  NAME_REQUIRED,
  startSchema,
  startValues,
  toChanges,
  toStartBody,
  type StartValues,
} from './schemas';

const today = '2027-03-10';

/** The messages of every field the schema refuses, by field. */
function problems(schema: ReturnType<typeof startSchema> | ReturnType<typeof changeSchema>, values: object): Record<string, string> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return Object.fromEntries(err.inner.map((e) => [e.path ?? '', e.message]));
  }
}

const filled = (over: Partial<StartValues> = {}): StartValues => ({ ...startValues(today, 'f-anna'), amount: '25', ...over });

describe('the start form', () => {
  it('starts empty: monthly, from today, a receipt for each gift', () => {
    expect(startValues(today)).toEqual({ amount: '', frequency: 'monthly', fundId: '', startOn: today, receipts: 'each', name: '', email: '' });
  });

  it('asks a member for the amount and a fund only, with the server’s messages', () => {
    const member = startSchema(today, false);
    expect(problems(member, startValues(today))).toEqual({ amount: AMOUNT_TOO_SMALL, fundId: FUND_REQUIRED });
    expect(problems(member, filled())).toEqual({});
  });

  it('takes $1 to $100,000 in dollars and cents', () => {
    const member = startSchema(today, false);
    for (const ok of ['1', '25', '25.5', '25.00', '1,001', ' 100000 ']) expect(problems(member, filled({ amount: ok })), ok).toEqual({});
    expect(problems(member, filled({ amount: '0.99' })).amount).toBe(AMOUNT_TOO_SMALL);
    expect(problems(member, filled({ amount: '100000.01' })).amount).toBe(AMOUNT_TOO_LARGE);
    for (const bad of ['abc', '25.001', '$25', '.', '-5']) expect(problems(member, filled({ amount: bad })).amount, bad).toBe(AMOUNT_INVALID);
  });

  it('starts today or within a year', () => {
    const member = startSchema(today, false);
    expect(problems(member, filled({ startOn: '2027-03-09' })).startOn).toBe(DATE_IN_THE_PAST);
    expect(problems(member, filled({ startOn: '2028-03-10' }))).toEqual({});
    expect(problems(member, filled({ startOn: '2028-03-11' })).startOn).toBe(DATE_TOO_FAR);
    expect(problems(member, filled({ startOn: '2027-02-30' })).startOn).toBe(DATE_INVALID);
    expect(problems(member, filled({ startOn: '' })).startOn).toBe(DATE_INVALID);
  });

  it('asks a guest for a name and an e-mail, and sends them', () => {
    const guest = startSchema(today, true);
    expect(problems(guest, filled())).toEqual({ name: NAME_REQUIRED, email: EMAIL_REQUIRED });
    expect(problems(guest, filled({ name: 'Meera', email: 'meera@' })).email).toBe(EMAIL_INVALID);
    const values = filled({ amount: '1,001.50', name: ' Meera Iyer ', email: ' meera@example.org ', frequency: 'quarterly', receipts: 'statement' });
    expect(problems(guest, values)).toEqual({});
    expect(toStartBody(values, true)).toEqual({
      amount: '1001.50',
      frequency: 'quarterly',
      fundId: 'f-anna',
      startOn: today,
      receipts: 'statement',
      name: 'Meera Iyer',
      email: 'meera@example.org',
    });
    expect(toStartBody(values, false)).not.toHaveProperty('name');
  });
});

describe('the change form', () => {
  const gift = makeRecurringGift();

  it('sends only what changed', () => {
    const values = changeValues(gift);
    expect(toChanges(gift, values)).toEqual({});
    // "25" is the same amount as "25.00".
    expect(toChanges(gift, { ...values, amount: '25' })).toEqual({});
    expect(toChanges(gift, { ...values, amount: '51' })).toEqual({ amount: '51' });
    expect(toChanges(gift, { ...values, fundId: 'f-general', frequency: 'yearly', nextChargeOn: '2027-04-15', receipts: 'statement' })).toEqual({
      fundId: 'f-general',
      frequency: 'yearly',
      nextChargeOn: '2027-04-15',
      receipts: 'statement',
    });
  });

  it('leaves a paused gift’s next date alone, and checks a new one', () => {
    const paused = makeRecurringGift({ status: 'paused', pausedBy: 'donor', nextChargeOn: null });
    const values = changeValues(paused);
    expect(values.nextChargeOn).toBe('');
    expect(problems(changeSchema(today), values)).toEqual({});
    expect(toChanges(paused, values)).toEqual({});
    expect(problems(changeSchema(today), { ...changeValues(gift), nextChargeOn: '2027-03-01' }).nextChargeOn).toBe(DATE_IN_THE_PAST);
    expect(problems(changeSchema(today), { ...changeValues(gift), amount: '0' }).amount).toBe(AMOUNT_TOO_SMALL);
  });
});
