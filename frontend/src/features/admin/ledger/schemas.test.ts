import { describe, expect, it } from 'vitest';
import { toDefaultAmount } from './components/donation-type-dialog';
import { donationTypeSchema, paymentMethodSchema } from './schemas';

async function errorsOf(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, values: Record<string, unknown>) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    return Object.fromEntries((err as { inner: { path: string; message: string }[] }).inner.map((i) => [i.path, i.message]));
  }
}

describe('ledger schemas', () => {
  it('checks donation types', async () => {
    expect(await errorsOf(donationTypeSchema, { name: 'A', defaultAmount: 'abc' })).toEqual({
      name: 'Name is required',
      defaultAmount: 'Amount must be a valid number',
    });
    expect(await errorsOf(donationTypeSchema, { name: 'Annadanam', defaultAmount: '' })).toEqual({});
    expect(await errorsOf(donationTypeSchema, { name: 'Annadanam', defaultAmount: '25.5' })).toEqual({});
    expect((await errorsOf(donationTypeSchema, { name: 'Annadanam', defaultAmount: '-3' })).defaultAmount).toBe(
      'Amount must be a valid number',
    );
    expect(donationTypeSchema.cast({ name: 'x' }).isActive).toBe(true);
  });

  it('sends an empty default amount as null and formats the rest', () => {
    expect(toDefaultAmount('')).toBeNull();
    expect(toDefaultAmount('  ')).toBeNull();
    expect(toDefaultAmount('25')).toBe('25.00');
    expect(toDefaultAmount(25.5)).toBe('25.50');
  });

  it('checks payment methods', async () => {
    expect(await errorsOf(paymentMethodSchema, { name: 'z', displayName: 'Z', sortOrder: '-1' })).toEqual({
      name: 'Name must be at least 2 characters',
      displayName: 'Display name must be at least 2 characters',
      sortOrder: 'Sort order must be a whole number of 0 or more',
    });
    // the lowercase/no-spaces hint is not enforced
    expect(await errorsOf(paymentMethodSchema, { name: 'Pay Pal', displayName: 'PayPal', sortOrder: '' })).toEqual({});
    expect((await errorsOf(paymentMethodSchema, { name: 'cash', displayName: 'Cash', sortOrder: '1.5' })).sortOrder).toBe(
      'Sort order must be a whole number of 0 or more',
    );
    expect((await errorsOf(paymentMethodSchema, { name: 'cash', displayName: 'Cash', icon: 'rocket' })).icon).toBeDefined();
    expect(paymentMethodSchema.cast({ name: 'ab', displayName: 'Ab', sortOrder: '' }).sortOrder).toBe(0);
  });
});
