import { describe, expect, it } from 'vitest';
import { makeRecurringGift } from '@/testing/data';
import { brandName, cardText, failureText, giftStatus, giftSummary } from './recurring-gifts';

describe('how a recurring gift reads', () => {
  it('names the gift and its card', () => {
    expect(giftSummary(makeRecurringGift())).toBe('$25.00 monthly to Annadanam');
    expect(cardText({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2028 })).toBe('Visa ending 4242, expires 12/28');
    expect(cardText({ brand: 'amex', last4: '0005', expMonth: 3, expYear: 2031 })).toBe('American Express ending 0005, expires 03/31');
    expect(brandName('link')).toBe('Link');
  });

  it('says where the gift stands', () => {
    expect(giftStatus(makeRecurringGift()).label).toBe('Active');
    expect(giftStatus(makeRecurringGift({ status: 'paused', pausedBy: 'donor' })).label).toBe('Paused');
    expect(giftStatus(makeRecurringGift({ status: 'paused', pausedBy: 'failures' })).label).toBe('Paused after failed charges');
    expect(giftStatus(makeRecurringGift({ status: 'canceled' })).label).toBe('Canceled');
    expect(giftStatus(makeRecurringGift({ status: 'setup', card: null })).label).toBe('Waiting for a card');
  });

  it('says what failed and what happens next', () => {
    expect(failureText(makeRecurringGift())).toBeNull();
    expect(failureText(makeRecurringGift({ failures: 1, lastError: 'Your card was declined.', retryOn: '2027-03-13' }))).toBe(
      'The last gift could not be charged: Your card was declined. It is tried again on March 13, 2027.',
    );
    expect(failureText(makeRecurringGift({ status: 'paused', pausedBy: 'failures', failures: 3, lastError: 'Your card has insufficient funds.' }))).toBe(
      'The last gift could not be charged: Your card has insufficient funds. After failing 3 times in a row, the gift is paused: update the card to try it again.',
    );
    expect(failureText(makeRecurringGift({ status: 'canceled', failures: 2, lastError: 'Declined' }))).toBeNull();
  });
});
