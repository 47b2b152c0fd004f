import { formatUSD } from '@/lib/format';
import { uuidv4 } from '@/lib/uuid';
import type { components } from '@/types/api.gen';
import { keptOnDevice } from './kept';

export type DrawerCloseRequest = components['schemas']['DrawerCloseRequest'];

// The server's messages (mandir_domain::cash_office), checked here before sending.
export const COUNTED_INVALID = 'Enter the cash counted in the drawer, 0 or more with at most 2 decimal places';
export const NOTE_REQUIRED = 'The count differs from what is expected: say why in a note';
export const NOTE_TOO_LONG = 'A note must be at most 500 characters';
const MAX_NOTE = 500;
/** The server takes counts under $1,000,000. */
const MAX_CENTS = 100_000_000;

/** What the front desk typed: the cash counted and a note. */
export type DrawerCount = { counted: string; note: string };

/** The counted cash as the server takes it: '$1,234.5' → '1234.5'. */
export function normalizeAmount(text: string): string {
  return text.replace(/[\s$,]/g, '');
}

/** Cents of a typed count ('60', '$1,234.50'); null when it is not 0 to 999,999.99 with at most 2 decimals. */
export function countedCents(text: string): number | null {
  const t = normalizeAmount(text);
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, fraction = ''] = t.split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return value < MAX_CENTS ? value : null;
}

/** Cents of an amount the server wrote ('62.00', '-2.00'); 0 when it is not one. */
export function serverCents(amount: string): number {
  const n = Number(amount);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

/** Counted less expected, in cents (negative when cash is missing); null while the count is not a valid amount. */
export function differenceCents(expected: string, counted: string): number | null {
  const c = countedCents(counted);
  return c === null ? null : c - serverCents(expected);
}

/** A difference with its sign: '−$2.00' (a true minus sign), '+$1.50', '$0.00'. */
export function signedUSD(amountCents: number): string {
  const text = formatUSD(Math.abs(amountCents) / 100);
  if (amountCents < 0) return `\u2212${text}`;
  return amountCents > 0 ? `+${text}` : text;
}

/** In words, for the live line under the count: 'Short by $2.00', 'Over by $1.50', 'Matches'. */
export function differenceWords(amountCents: number): string {
  if (amountCents < 0) return `Short by ${formatUSD(-amountCents / 100)}`;
  if (amountCents > 0) return `Over by ${formatUSD(amountCents / 100)}`;
  return 'Matches the expected cash';
}

/** What stops the close, by field (the server's rules: a valid count, a note when it differs, at most 500 characters). */
export function countErrors(expected: string, count: DrawerCount): { counted?: string; note?: string } {
  const errors: { counted?: string; note?: string } = {};
  const diff = differenceCents(expected, count.counted);
  const note = count.note.trim();
  if (diff === null) errors.counted = COUNTED_INVALID;
  if ([...note].length > MAX_NOTE) errors.note = NOTE_TOO_LONG;
  else if (diff !== null && diff !== 0 && !note) errors.note = NOTE_REQUIRED;
  return errors;
}

/** The body of POST /api/counter/drawer/close: the expected cash the counter was shown, the count, the note. */
export function toCloseRequest(expected: string, count: DrawerCount): DrawerCloseRequest {
  return { expected, counted: normalizeAmount(count.counted), note: count.note.trim() || null };
}

/** A close sent but not yet confirmed, kept on this device until the server answers. */
export type PendingClose = { key: string; request: DrawerCloseRequest };

/** A close sent but not yet confirmed, kept on this device until the server answers. */
const pendingClose = keptOnDevice<PendingClose>('mandir.counter.drawer-close', (p) => typeof p.key === 'string' && Boolean(p.request));
export const loadPendingClose = pendingClose.load;
export const savePendingClose = pendingClose.save;
export const clearPendingClose = pendingClose.clear;

/** A new key per close: sending the same close again answers the close already recorded. */
export function newCloseKey(): string {
  return `drawer-${uuidv4()}`;
}
