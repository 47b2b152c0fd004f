import { describe, expect, it } from 'vitest';
import {
  clearZellePaymentInfo,
  confirmationUrl,
  generateReceiptNumber,
  methodKind,
  outcomeFromStatus,
  readZellePaymentInfo,
  roundAmount,
  saveZellePaymentInfo,
  serializeDonationDetails,
  ZELLE_STORAGE_KEY,
} from './payment-utils';

describe('payment utils', () => {
  it('generates receipt numbers as AUTO-{timestamp}-{0..9999}', () => {
    expect(generateReceiptNumber(1700000000000, 0)).toBe('AUTO-1700000000000-0');
    expect(generateReceiptNumber(1700000000000, 0.99999)).toBe('AUTO-1700000000000-9999');
    expect(generateReceiptNumber()).toMatch(/^AUTO-\d{13}-\d{1,4}$/);
  });

  it('matches payment method names case-insensitively', () => {
    expect(methodKind('stripe')).toBe('card');
    expect(methodKind('Stripe')).toBe('card');
    expect(methodKind(' ZELLE ')).toBe('zelle');
    expect(methodKind('paypal')).toBe('other');
  });

  it('serializes donation details as JSON text of {donationTypeId, amount, name}', () => {
    const text = serializeDonationDetails([{ donationTypeId: 'custom', amount: 12.5, name: 'Other' }]);
    expect(JSON.parse(text)).toEqual([{ donationTypeId: 'custom', amount: 12.5, name: 'Other' }]);
  });

  it("keeps a custom line's chosen fund", () => {
    const text = serializeDonationDetails([{ donationTypeId: 'custom', amount: 101, name: 'Temple Building', fundId: 'f-building' }, { donationTypeId: 't1', amount: 5, name: 'Archana', fundId: null }]);
    expect(JSON.parse(text)).toEqual([
      { donationTypeId: 'custom', amount: 101, name: 'Temple Building', fundId: 'f-building' },
      { donationTypeId: 't1', amount: 5, name: 'Archana' },
    ]);
  });

  it('rounds amounts to cents', () => {
    expect(roundAmount(10.005)).toBe(10.01);
    expect(roundAmount(25)).toBe(25);
  });

  it('builds confirmation URLs and maps provider statuses', () => {
    expect(confirmationUrl({})).toBe('/payment-confirmation');
    expect(confirmationUrl({ payment_intent: 'pi_1', redirect_status: 'succeeded' })).toBe(
      '/payment-confirmation?payment_intent=pi_1&redirect_status=succeeded',
    );
    expect(outcomeFromStatus('succeeded')).toBe('succeeded');
    expect(outcomeFromStatus('processing')).toBe('processing');
    expect(outcomeFromStatus('requires_payment_method')).toBe('failed');
    expect(outcomeFromStatus(undefined)).toBe('failed');
  });

  it('saves, reads and clears the Zelle record under zellePaymentInfo', () => {
    expect(readZellePaymentInfo()).toBeNull();
    saveZellePaymentInfo({
      receiptNumber: 'AUTO-1-2',
      amount: 5,
      eventId: null,
      donationDetails: [],
      recordedAt: '2025-01-01T00:00:00Z',
      status: 'pending',
    });
    expect(JSON.parse(window.localStorage.getItem(ZELLE_STORAGE_KEY)!)).toMatchObject({ receiptNumber: 'AUTO-1-2' });
    expect(readZellePaymentInfo()?.receiptNumber).toBe('AUTO-1-2');
    clearZellePaymentInfo();
    expect(readZellePaymentInfo()).toBeNull();
  });

  it('ignores a saved record without a receipt number or with broken JSON', () => {
    window.localStorage.setItem(ZELLE_STORAGE_KEY, JSON.stringify({ amount: 5 }));
    expect(readZellePaymentInfo()).toBeNull();
    window.localStorage.setItem(ZELLE_STORAGE_KEY, '{not json');
    expect(readZellePaymentInfo()).toBeNull();
  });
});
