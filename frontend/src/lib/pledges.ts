// How a pledge reads, on the member's My Donations page and in the treasurer's Pledges tab alike.
import type { Pledge } from '@/types/api';
import { shortMonthName } from './dates';
import { formatUSD } from './format';

/** "2027-03-14" as its parts. */
function parts(date: string): [year: number, month: string, day: number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y, shortMonthName(m), d];
}

/**
 * A pledge's period, calendar days without a time zone shift: "Jan 1 – Dec 31, 2027" within a
 * year, "Jul 1, 2027 – Jun 30, 2028" across years, "Mar 14, 2027" for one day.
 */
export function pledgePeriod(startsOn: string, endsOn: string): string {
  const [y1, m1, d1] = parts(startsOn);
  const [y2, m2, d2] = parts(endsOn);
  if (startsOn === endsOn) return `${m1} ${d1}, ${y1}`;
  if (y1 === y2) return `${m1} ${d1} – ${m2} ${d2}, ${y2}`;
  return `${m1} ${d1}, ${y1} – ${m2} ${d2}, ${y2}`;
}

/** "$5,001.00 over Jan 1 – Dec 31, 2027". */
export function pledgeSummary(pledge: Pick<Pledge, 'amount' | 'startsOn' | 'endsOn'>): string {
  return `${formatUSD(pledge.amount)} over ${pledgePeriod(pledge.startsOn, pledge.endsOn)}`;
}

/** Nothing left to give (remaining "0.00"). */
export function isFulfilled(pledge: Pick<Pledge, 'remaining'>): boolean {
  return !(Number.parseFloat(pledge.remaining) > 0);
}

/**
 * What has been given toward a pledge: "$1,200.00 given · $3,801.00 to go", "Fulfilled — thank
 * you!" once nothing remains, and only "$1,200.00 given" for a cancelled pledge (nothing is still
 * to go on a promise withdrawn).
 */
export function pledgeProgressText(pledge: Pick<Pledge, 'status' | 'fulfilled' | 'remaining'>): string {
  if (isFulfilled(pledge)) return 'Fulfilled — thank you!';
  const given = `${formatUSD(pledge.fulfilled)} given`;
  return pledge.status === 'cancelled' ? given : `${given} · ${formatUSD(pledge.remaining)} to go`;
}
