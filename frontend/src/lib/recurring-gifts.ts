// How a recurring gift reads, for its donor (the start page, My Donations, the gift's own page) and
// for the treasurer's list alike.
import type { RecurringFrequency, RecurringGift, SavedCard } from '@/types/recurring-gifts';
import { dateLabel } from './dates';
import { formatUSD } from './format';

export const FREQUENCIES: readonly RecurringFrequency[] = ['monthly', 'quarterly', 'yearly'];

/** "Monthly", "Quarterly", "Yearly". */
export const frequencyLabels: Record<RecurringFrequency, string> = { monthly: 'Monthly', quarterly: 'Quarterly', yearly: 'Yearly' };

/** "Every month", as an option reads. */
export const frequencyOptions: Record<RecurringFrequency, string> = {
  monthly: 'Every month',
  quarterly: 'Every three months',
  yearly: 'Every year',
};

/** "$25.00 monthly to Annadanam". */
export function giftSummary(gift: Pick<RecurringGift, 'amount' | 'frequency' | 'fundName'>): string {
  return `${formatUSD(gift.amount)} ${gift.frequency} to ${gift.fundName}`;
}

const brands: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** A card brand as the provider names it (`visa`), as people write it ("Visa"). */
export function brandName(brand: string): string {
  const known = brands[brand.trim().toLowerCase()];
  if (known) return known;
  const b = brand.trim();
  return b ? b.charAt(0).toUpperCase() + b.slice(1) : 'Card';
}

/** "Visa ending 4242, expires 12/28". */
export function cardText(card: SavedCard): string {
  const month = String(card.expMonth).padStart(2, '0');
  const year = String(((card.expYear % 100) + 100) % 100).padStart(2, '0');
  return `${brandName(card.brand)} ending ${card.last4}, expires ${month}/${year}`;
}

export type StatusLook = { label: string; color: 'default' | 'success' | 'warning' | 'error' | 'info'; variant: 'filled' | 'outlined' };

/** The gift's status as its chip shows it. */
export function giftStatus(gift: Pick<RecurringGift, 'status' | 'pausedBy'>): StatusLook {
  switch (gift.status) {
    case 'active':
      return { label: 'Active', color: 'success', variant: 'filled' };
    case 'paused':
      return gift.pausedBy === 'failures'
        ? { label: 'Paused after failed charges', color: 'error', variant: 'filled' }
        : { label: 'Paused', color: 'warning', variant: 'filled' };
    case 'setup':
      return { label: 'Waiting for a card', color: 'info', variant: 'outlined' };
    default:
      return { label: 'Canceled', color: 'default', variant: 'outlined' };
  }
}

/**
 * What went wrong with the last charge, and what happens next: "The last gift could not be
 * charged: Your card was declined. It is tried again on March 17, 2027." Null when nothing failed
 * (or the gift is canceled).
 */
export function failureText(gift: Pick<RecurringGift, 'status' | 'pausedBy' | 'lastError' | 'retryOn' | 'failures'>): string | null {
  if (gift.status === 'canceled' || (!gift.lastError && gift.failures === 0)) return null;
  const error = gift.lastError?.trim() || 'The card was declined.';
  const base = `The last gift could not be charged: ${error}`;
  if (gift.status === 'paused' && gift.pausedBy === 'failures') {
    const times = gift.failures === 1 ? 'once' : `${gift.failures} times`;
    return `${base} After failing ${times} in a row, the gift is paused: update the card to try it again.`;
  }
  return gift.retryOn ? `${base} It is tried again on ${dateLabel(gift.retryOn)}.` : base;
}
