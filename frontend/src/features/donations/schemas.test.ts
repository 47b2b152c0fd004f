import { describe, expect, it } from 'vitest';
import type * as yup from 'yup';
import { amountInputValue, buildDonationDetails, defaultAmountFor, fundLine, parseAmount } from './lib/amounts';
import { donateSchema, guestDonateSchema, memberDonateSchema, selectedDonationSchema } from './schemas';

async function errorsOf(values: Record<string, unknown>, schema: yup.AnyObjectSchema = donateSchema) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    const e = err as { inner: { path: string; message: string }[] };
    return Object.fromEntries(e.inner.map((i) => [i.path, i.message]));
  }
}

describe('the donor fields', () => {
  const gift = { amount: '300', donationTypeId: 'other', notes: '' };
  it('require a guest name and a valid e-mail, with bounded optional address and line', async () => {
    expect(await errorsOf(gift, guestDonateSchema)).toEqual({
      donorName: 'Please enter your name',
      donorEmail: 'Please enter your email address',
    });
    expect((await errorsOf({ ...gift, donorName: 'Ravi', donorEmail: 'nope' }, guestDonateSchema)).donorEmail).toBe(
      'Invalid email address',
    );
    const long = { ...gift, donorName: 'Ravi', donorEmail: 'ravi@example.org', donorAddress: 'x'.repeat(501), inHonorOf: 'y'.repeat(201) };
    expect(await errorsOf(long, guestDonateSchema)).toEqual({
      donorAddress: 'Mailing address must be at most 500 characters',
      inHonorOf: 'In honor / in memory of must be at most 200 characters',
    });
    expect(await errorsOf({ ...gift, donorName: 'Ravi', donorEmail: 'ravi@example.org' }, guestDonateSchema)).toEqual({});
  });

  it("ask a member only for the optional line (the rest is the profile's)", async () => {
    expect(await errorsOf(gift, memberDonateSchema)).toEqual({});
    expect((await errorsOf({ ...gift, inHonorOf: 'y'.repeat(201) }, memberDonateSchema)).inHonorOf).toBe(
      'In honor / in memory of must be at most 200 characters',
    );
  });
});

describe('donateSchema', () => {
  it('requires a purpose and an amount of at least 1', async () => {
    expect(await errorsOf({ amount: '', donationTypeId: '', notes: '' })).toEqual({
      amount: 'Amount must be at least 1',
      donationTypeId: 'Please select a donation purpose',
    });
    expect((await errorsOf({ amount: '0.5', donationTypeId: 'other' })).amount).toBe('Amount must be at least 1');
  });

  it('caps the amount at 1,000,000', async () => {
    expect((await errorsOf({ amount: '1000000.01', donationTypeId: 'other' })).amount).toBe('Amount must be less than 1,000,000');
    expect(await errorsOf({ amount: '1000000', donationTypeId: 'other' })).toEqual({});
  });

  it('accepts a valid donation with optional notes', async () => {
    expect(await errorsOf({ amount: '51', donationTypeId: 'other', notes: 'In memory of my father' })).toEqual({});
  });
});

describe('selectedDonationSchema', () => {
  it('wants a uuid or custom and a positive amount', () => {
    expect(selectedDonationSchema.isValidSync({ donationTypeId: 'custom', amount: 5 })).toBe(true);
    expect(selectedDonationSchema.isValidSync({ donationTypeId: '10000000-0000-4000-8000-000000000001', amount: 0.01 })).toBe(true);
    expect(selectedDonationSchema.isValidSync({ donationTypeId: 'abc', amount: 5 })).toBe(false);
    expect(selectedDonationSchema.isValidSync({ donationTypeId: 'custom', amount: 0 })).toBe(false);
  });
});

describe('amount helpers', () => {
  it('parses amounts and falls back to 10 without a default', () => {
    expect(parseAmount('25.00')).toBe(25);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('x')).toBeNull();
    expect(defaultAmountFor({ defaultAmount: '51.00' })).toBe(51);
    expect(defaultAmountFor({ defaultAmount: null })).toBe(10);
    expect(defaultAmountFor(null)).toBe(10);
    expect(amountInputValue(25)).toBe('25');
    expect(amountInputValue(25.5)).toBe('25.50');
  });

  it('builds donation details for a type or a custom amount', () => {
    expect(buildDonationDetails({ id: 't1', name: 'Annadanam' }, 20.005)).toEqual([
      { donationTypeId: 't1', amount: 20.01, name: 'Annadanam' },
    ]);
    expect(buildDonationDetails(null, 7, 'Other')).toEqual([{ donationTypeId: 'custom', amount: 7, name: 'Other' }]);
    // A gift to a fund without a type of its own: one custom line choosing the fund.
    expect(buildDonationDetails(null, 101, 'Temple Building', 'f-building')).toEqual([
      { donationTypeId: 'custom', amount: 101, name: 'Temple Building', fundId: 'f-building' },
    ]);
    // A type's line goes to the type's fund: it never names one.
    expect(buildDonationDetails({ id: 't1', name: 'Annadanam' }, 5, 'x', 'f-building')).toEqual([{ donationTypeId: 't1', amount: 5, name: 'Annadanam' }]);
  });

  it("says which fund a gift goes to, without 'fund' twice", () => {
    expect(fundLine('Temple Building')).toBe('Your gift goes to the Temple Building fund.');
    expect(fundLine('Building Fund')).toBe('Your gift goes to the Building Fund.');
    expect(fundLine('General')).toBe('Your gift goes to the General fund.');
  });
});
