// How a pledge reads on the member's My Donations page, in the page's language: English keeps the
// words of lib/pledges (shared with the treasurer's English-only Pledges tab); another language
// gives the period's days in its own month names.
import { currentLanguage } from '@/i18n/runtime';
import { formatDay, formatUSD } from '@/lib/format';
import { isFulfilled, pledgePeriod } from '@/lib/pledges';
import type { Pledge } from '@/types/api';
import { t } from '../i18n';

/** "Jan 1 – Dec 31, 2027" in English; each day in full in another language. */
function period(startsOn: string, endsOn: string): string {
  if (currentLanguage() === 'en') return pledgePeriod(startsOn, endsOn);
  return startsOn === endsOn ? formatDay(startsOn) : `${formatDay(startsOn)} – ${formatDay(endsOn)}`;
}

/** "$5,001.00 over Jan 1 – Dec 31, 2027". */
export function pledgeSummaryText(pledge: Pick<Pledge, 'amount' | 'startsOn' | 'endsOn'>): string {
  return t('giving.pledgeText.summary', { amount: formatUSD(pledge.amount), period: period(pledge.startsOn, pledge.endsOn) });
}

/** "$1,200.00 given · $3,801.00 to go", "Fulfilled — thank you!", or "$1,200.00 given" once cancelled. */
export function pledgeProgressLine(pledge: Pick<Pledge, 'status' | 'fulfilled' | 'remaining'>): string {
  if (isFulfilled(pledge)) return t('giving.pledgeText.fulfilled');
  const given = formatUSD(pledge.fulfilled);
  return pledge.status === 'cancelled'
    ? t('giving.pledgeText.given', { given })
    : t('giving.pledgeText.toGo', { given, remaining: formatUSD(pledge.remaining) });
}
