import { describe, expect, it } from 'vitest';
import { makePayment } from '@/testing/data';
import { refundableCents, refundSchema } from './refund-dialog';

async function errorOf(leftCents: number, amount: string): Promise<string | undefined> {
  try {
    await refundSchema(leftCents).validate({ amount, note: '' });
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('the refund form', () => {
  it('starts from what is left and allows more than 0 up to it', async () => {
    expect(refundableCents(makePayment({ amount: '30.00', refundedAmount: '12.50' }))).toBe(1750);
    expect(await errorOf(1750, '17.50')).toBeUndefined();
    expect(await errorOf(1750, '17.51')).toBe('Refund amount must be at most $17.50 (what is not yet refunded)');
    expect(await errorOf(1750, '0')).toBe('Refund amount must be greater than 0');
  });
});
