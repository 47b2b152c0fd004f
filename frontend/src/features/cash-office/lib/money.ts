/** Cents of an amount the API writes ("1234.56", "-2.00"); 0 for anything else. */
export function centsOf(amount: string | number): number {
  const n = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

/** Cents as the API's amounts and `formatUSD` read them: 7375 -> "73.75". */
export function fromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}
