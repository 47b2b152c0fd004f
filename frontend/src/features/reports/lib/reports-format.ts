import { shortMonthName } from '@/lib/dates';
import { formatUSD } from '@/lib/format';

/** "2026-03" as "Mar 2026". */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? shortMonthName(Number(match[2])) : '';
  return match && name ? `${name} ${match[1]}` : month;
}

/** "1250.00" as 1250 (unreadable: 0). */
export function amountOf(text: string): number {
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
}

/** An amount on an axis: whole dollars without cents ("$1,250"). */
export function axisAmount(amount: number): string {
  const text = formatUSD(amount);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** A count on an axis. */
export function axisCount(n: number): string {
  return new Intl.NumberFormat('en-US').format(n);
}

/** This year so far, in the temple's calendar: January 1 to today. */
export function thisYear(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}
