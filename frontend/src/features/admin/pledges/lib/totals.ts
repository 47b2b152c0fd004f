import { formatUSD } from '@/lib/format';
import type { Pledge } from '@/types/api';

/** Decimal dollars ("5001.00") in whole cents, so sums stay exact. */
const cents = (amount: string) => Math.round(Number.parseFloat(amount) * 100) || 0;

/**
 * The list's summary: "12 active pledges · $60,012.00 pledged · $21,400.00 given" (the active
 * pledges' amounts and what was given toward them), and " · 2 cancelled" when some are.
 */
export function pledgeTotalsLine(pledges: readonly Pick<Pledge, 'status' | 'amount' | 'fulfilled'>[]): string {
  const active = pledges.filter((p) => p.status === 'active');
  const pledged = active.reduce((sum, p) => sum + cents(p.amount), 0);
  const given = active.reduce((sum, p) => sum + cents(p.fulfilled), 0);
  const cancelled = pledges.length - active.length;
  const line = `${active.length} active ${active.length === 1 ? 'pledge' : 'pledges'} · ${formatUSD(pledged / 100)} pledged · ${formatUSD(given / 100)} given`;
  return cancelled > 0 ? `${line} · ${cancelled} cancelled` : line;
}

/** "the Temple Building fund", or "the Building Fund" for a name that already says so. */
export function theFund(name: string): string {
  return /\bfund$/i.test(name.trim()) ? `the ${name}` : `the ${name} fund`;
}
