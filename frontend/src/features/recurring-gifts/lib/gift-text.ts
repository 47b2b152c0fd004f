// How a recurring gift reads for its donor, in the page's language (ADR 0149): the donor's pages
// say what `@/lib/recurring-gifts` says in English (which the treasurer's English-only list keeps).
import { format } from 'date-fns';
import { currentDateLocale } from '@/i18n/runtime';
import { dateLabel } from '@/lib/dates';
import { formatUSD } from '@/lib/format';
import { brandName, giftStatus, type StatusLook } from '@/lib/recurring-gifts';
import type { RecurringGift, SavedCard } from '@/types/recurring-gifts';
import { t } from '../i18n';

/** A calendar day, "2027-03-10", as "March 10, 2027" (no time zone shift), in the page's language. */
export function dayText(day: string): string {
  const locale = currentDateLocale();
  if (!locale) return dateLabel(day);
  const [y, m, d] = day.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'PPP', { locale });
}

/** "$25.00 monthly to Annadanam". */
export function summaryText(gift: Pick<RecurringGift, 'amount' | 'frequency' | 'fundName'>): string {
  return t('recurring.summary', { amount: formatUSD(gift.amount), frequency: gift.frequency, fund: gift.fundName });
}

/** "Visa ending 4242, expires 12/28". */
export function cardLabel(card: SavedCard): string {
  const month = String(card.expMonth).padStart(2, '0');
  const year = String(((card.expYear % 100) + 100) % 100).padStart(2, '0');
  return t('recurring.cardText', { brand: brandName(card.brand), last4: card.last4, expiry: `${month}/${year}` });
}

/** The gift's status as its chip shows it. */
export function statusLook(gift: Pick<RecurringGift, 'status' | 'pausedBy'>): StatusLook {
  const status = gift.status === 'paused' && gift.pausedBy === 'failures' ? 'pausedFailures' : gift.status;
  return { ...giftStatus(gift), label: t('recurring.status', { status }) };
}

/**
 * What went wrong with the last charge, and what happens next: "The last gift could not be
 * charged: Your card was declined. It is tried again on March 17, 2027." Null when nothing failed
 * (or the gift is canceled).
 */
export function failureMessage(gift: Pick<RecurringGift, 'status' | 'pausedBy' | 'lastError' | 'retryOn' | 'failures'>): string | null {
  if (gift.status === 'canceled' || (!gift.lastError && gift.failures === 0)) return null;
  const error = gift.lastError?.trim() || t('recurring.failure.declined');
  if (gift.status === 'paused' && gift.pausedBy === 'failures') return t('recurring.failure.paused', { error, failures: gift.failures });
  return gift.retryOn ? t('recurring.failure.retry', { error, date: dayText(gift.retryOn) }) : t('recurring.failure.base', { error });
}
