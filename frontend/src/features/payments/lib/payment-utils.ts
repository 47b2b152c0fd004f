import type { DonationDetail } from '@/types/api';
import type { PaymentOutcome, ZellePaymentInfo } from '../types';

/** The literal event id of a donation not tied to an event (docs/product.md#api-calls). */
export const DIRECT_DONATION = 'direct-donation';
export const ZELLE_STORAGE_KEY = 'zellePaymentInfo';
export const CONFIRMATION_PATH = '/payment-confirmation';
/** Delay before navigating when the card provider does not redirect by itself (docs/product.md#donations-and-payments). */
export const REDIRECT_DELAY_MS = 1500;

/** AUTO-{timestamp}-{random 0-9999} (docs/product.md#receipt-numbers). The server answers with the authoritative one. */
export function generateReceiptNumber(now: number = Date.now(), random: number = Math.random()): string {
  return `AUTO-${now}-${Math.floor(random * 10000)}`;
}

/** donationDetails travel as the JSON text of the list (docs/product.md#api-calls); a custom line keeps its chosen fund. */
export function serializeDonationDetails(details: DonationDetail[]): string {
  return JSON.stringify(
    details.map((d) => (d.fundId ? { donationTypeId: d.donationTypeId, amount: d.amount, name: d.name, fundId: d.fundId } : { donationTypeId: d.donationTypeId, amount: d.amount, name: d.name })),
  );
}

/** Amounts are sent in dollars with at most 2 decimals. */
export function roundAmount(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/** Which screen a payment method gets, matched case-insensitively by name. */
export function methodKind(name: string): 'card' | 'zelle' | 'other' {
  const n = name.trim().toLowerCase();
  if (n === 'stripe') return 'card';
  if (n === 'zelle') return 'zelle';
  return 'other';
}

export function confirmationUrl(params: Record<string, string>): string {
  const q = new URLSearchParams(params).toString();
  return q ? `${CONFIRMATION_PATH}?${q}` : CONFIRMATION_PATH;
}

/** Maps a provider's intent status to the confirmation page's redirect_status. */
export function outcomeFromStatus(status: string | null | undefined): PaymentOutcome {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'processing' || status === 'requires_capture') return 'processing';
  return 'failed';
}

export function saveZellePaymentInfo(info: ZellePaymentInfo): void {
  try {
    window.localStorage.setItem(ZELLE_STORAGE_KEY, JSON.stringify(info));
  } catch (err) {
    console.error('Could not save the Zelle payment record', err);
  }
}

/** The saved Zelle record when it has a receipt number, else null. */
export function readZellePaymentInfo(): ZellePaymentInfo | null {
  try {
    const raw = window.localStorage.getItem(ZELLE_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ZellePaymentInfo> | null;
    return parsed && typeof parsed.receiptNumber === 'string' && parsed.receiptNumber ? (parsed as ZellePaymentInfo) : null;
  } catch {
    return null;
  }
}

export function clearZellePaymentInfo(): void {
  try {
    window.localStorage.removeItem(ZELLE_STORAGE_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
}
