import type { CountLine, Denomination } from '../types';

/** A US bill or coin as the count sheet lists it: bills first, largest first, then coins. */
export type DenominationInfo = { key: Denomination; cents: number; label: string; kind: 'bill' | 'coin' };

export const DENOMINATIONS: readonly DenominationInfo[] = [
  { key: 'bill_100', cents: 10_000, label: '$100 bills', kind: 'bill' },
  { key: 'bill_50', cents: 5_000, label: '$50 bills', kind: 'bill' },
  { key: 'bill_20', cents: 2_000, label: '$20 bills', kind: 'bill' },
  { key: 'bill_10', cents: 1_000, label: '$10 bills', kind: 'bill' },
  { key: 'bill_5', cents: 500, label: '$5 bills', kind: 'bill' },
  { key: 'bill_2', cents: 200, label: '$2 bills', kind: 'bill' },
  { key: 'bill_1', cents: 100, label: '$1 bills', kind: 'bill' },
  { key: 'coin_100', cents: 100, label: 'Dollar coins', kind: 'coin' },
  { key: 'coin_50', cents: 50, label: 'Half dollars', kind: 'coin' },
  { key: 'coin_25', cents: 25, label: 'Quarters', kind: 'coin' },
  { key: 'coin_10', cents: 10, label: 'Dimes', kind: 'coin' },
  { key: 'coin_5', cents: 5, label: 'Nickels', kind: 'coin' },
  { key: 'coin_1', cents: 1, label: 'Pennies', kind: 'coin' },
];

const byKey = new Map(DENOMINATIONS.map((d) => [d.key, d]));

/** "$20 bills", "Quarters"; the key itself for one this screen does not know. */
export function denominationLabel(key: Denomination): string {
  return byKey.get(key)?.label ?? key;
}

/** The most pieces of one bill or coin a count takes (the server's limit). */
export const MAX_PIECES = 1_000_000;
/** A count's total must stay under $1,000,000 (the server's limit), in cents. */
export const MAX_TOTAL_CENTS = 100_000_000;

/** How many pieces were typed: '' (or nothing) is none (0); null when it is not a whole number from 0 to 1,000,000. */
export function parsePieces(text: string | undefined): number | null {
  const t = (text ?? '').trim();
  if (t === '') return 0;
  if (!/^\d{1,7}$/.test(t)) return null;
  const n = Number(t);
  return n <= MAX_PIECES ? n : null;
}

/** The pieces typed for each bill and coin, as the form keeps them (text). */
export type PiecesDraft = Record<Denomination, string>;

export function emptyPieces(): PiecesDraft {
  return Object.fromEntries(DENOMINATIONS.map((d) => [d.key, ''])) as PiecesDraft;
}

/** A stored count's lines as the form's text (the bills and coins not counted stay blank). */
export function piecesFromLines(lines: readonly CountLine[]): PiecesDraft {
  const draft = emptyPieces();
  for (const line of lines) draft[line.denomination] = String(line.pieces);
  return draft;
}

/** One line's worth in cents: the piece's value times how many (0 for text that is not a count). */
export function lineCents(key: Denomination, pieces: number | string | undefined): number {
  const n = typeof pieces === 'number' ? pieces : (parsePieces(pieces) ?? 0);
  return (byKey.get(key)?.cents ?? 0) * n;
}

/** What a count adds up to, in cents: a stored count's lines or the form's text. */
export function countTotalCents(counts: readonly CountLine[] | Partial<PiecesDraft>): number {
  const lines: [Denomination, number | string | undefined][] = Array.isArray(counts)
    ? (counts as readonly CountLine[]).map((l) => [l.denomination, l.pieces])
    : (Object.entries(counts) as [Denomination, string | undefined][]);
  return lines.reduce((sum, [key, n]) => sum + lineCents(key, n), 0);
}

/** The lines the server takes: every bill and coin with a count above zero, in the sheet's order. */
export function toCountLines(draft: PiecesDraft): CountLine[] {
  return DENOMINATIONS.map((d) => ({ denomination: d.key, pieces: parsePieces(draft[d.key]) ?? 0 })).filter((l) => l.pieces > 0);
}

/** A stored count's lines in the sheet's order (bills largest first, then coins). */
export function sortedLines(lines: readonly CountLine[]): CountLine[] {
  const order = new Map(DENOMINATIONS.map((d, i) => [d.key, i]));
  return [...lines].sort((a, b) => (order.get(a.denomination) ?? 99) - (order.get(b.denomination) ?? 99));
}
