import { formatUSD } from '@/lib/format';
import type { components } from '@/types/api.gen';

/** The day's money and sevas (GET /api/reports/daily). */
export type DailyReport = components['schemas']['DailyReportDto'];
export type ReportLine = DailyReport['byMethod'][number];

type Method = components['schemas']['PaymentMethodKindDto'];
type Channel = components['schemas']['ChannelDto'];

const METHODS: Record<Method, string> = { cash: 'Cash', check: 'Check', credit_card: 'Card', zelle: 'Zelle', paypal: 'PayPal', split: 'Split' };
const CHANNELS: Record<Channel, string> = { online: 'Online', counter: 'Counter', hundi: 'Hundi', mail: 'Mail', imported: 'Imported' };

/** How a payment method is named: 'credit_card' → 'Card'; an unknown one as the server wrote it. */
export function methodLabel(key: string): string {
  return (METHODS as Record<string, string>)[key] ?? key;
}

/** How a channel is named: 'counter' → 'Counter'. */
export function channelLabel(key: string): string {
  return (CHANNELS as Record<string, string>)[key] ?? key;
}

/** Whether `text` is a calendar date written "YYYY-MM-DD". */
export function isDay(text: string | null | undefined): text is string {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}


/** "Wednesday, November 25, 2026" for "2026-11-25" (a calendar day: no time zone moves it). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** Whether the day had no payments and no sevas booked. */
export function isEmptyDay(report: DailyReport): boolean {
  return report.payments === 0 && report.sevas.length === 0;
}

/** The sum of a table's rows, in dollars as the server writes them. */
export function totalOf(lines: readonly { amount: string }[]): string {
  const cents = lines.reduce((sum, l) => sum + Math.round(Number(l.amount) * 100 || 0), 0);
  return formatUSD(cents / 100);
}
