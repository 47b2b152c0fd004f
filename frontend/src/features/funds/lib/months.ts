// A fund's months as its page shows them. No `Intl` and no time zone: the server names each month
// of the temple's calendar ("2026-03"); the page only labels them, in the page's language.
import { format } from 'date-fns';
import { shortMonthName } from '@/lib/dates';
import { formatUSD } from '@/lib/format';
import { currentDateLocale } from '@/i18n/runtime';
import type { FundMonth } from '@/types/api';

/** "2026-03" -> "Mar 2026" (in another language, its short month name); anything else as it is. */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const locale = currentDateLocale();
  if (match && locale && Number(match[2]) >= 1 && Number(match[2]) <= 12) {
    return format(new Date(Number(match[1]), Number(match[2]) - 1, 1), 'LLL yyyy', { locale });
  }
  const name = match ? shortMonthName(Number(match[2])) : '';
  return match && name ? `${name} ${match[1]}` : month;
}

/** A month's amount raised as a number ("1250.00" -> 1250; unreadable text -> 0). */
export function raisedOf(month: FundMonth): number {
  const n = Number.parseFloat(month.raised);
  return Number.isFinite(n) ? n : 0;
}

/** Whether no month received anything: the page says "No gifts yet" rather than drawing zeros. */
export function nothingRaised(months: FundMonth[]): boolean {
  return months.every((m) => raisedOf(m) === 0);
}

/** An amount on the chart's axis: `formatUSD` without the cents of whole dollars ("$1,250", "$12.50"). */
export function axisAmount(amount: number): string {
  const text = formatUSD(amount);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}
