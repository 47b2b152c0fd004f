import type { DonationDetail, DonationType } from '@/types/api';
import { t } from '../i18n';

/** Amount used when the selected donation type has no default (docs/product.md#donations-and-payments). */
export const FALLBACK_AMOUNT = 10;
/** Amount set when 'Other' is chosen with no amount yet (docs/product.md#states-and-flows). */
export const OTHER_DEFAULT_AMOUNT = 101;
export const MIN_AMOUNT = 1;
export const MAX_AMOUNT = 1_000_000;
/** The purpose value of a donation without a type. */
export const OTHER_PURPOSE = 'other';
/** The donationTypeId of a custom amount in donation details. */
export const CUSTOM_TYPE_ID = 'custom';

/**
 * The purpose value of a gift to a fund that no donation type goes to (the donate page opened
 * with `?fund=`, from a fund's page): a custom line named after the fund, choosing it.
 */
export function fundPurpose(fundId: string): string {
  return `fund:${fundId}`;
}

/** "Your gift goes to the Temple Building fund." ("... to the Building Fund." when the name says it). */
export function fundLine(fundName: string): string {
  return t('donations.fundLine', { fund: fundName, named: /\bfund$/i.test(fundName.trim()) ? 'yes' : 'no' });
}

/** '25.00' -> 25; null, '' or garbage -> null. */
export function parseAmount(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * The server's rule for a donation amount as typed (crates/domain/src/payment.rs): a plain
 * decimal with at most 2 decimals, from 1 to 1,000,000. The message, or null when it is fine.
 */
export function amountError(text: string): string | null {
  const typed = text.trim();
  if (typed === '') return t('donations.error.amountTooSmall');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(typed);
  if (!match || (match[1] === '' && !match[2])) return t('donations.error.amountInvalid');
  if ((match[2] ?? '').length > 2) return t('donations.error.amountTooPrecise');
  const n = Number(typed);
  if (n < MIN_AMOUNT) return t('donations.error.amountTooSmall');
  if (n > MAX_AMOUNT) return t('donations.error.amountTooLarge');
  return null;
}

/** The default amount of a type, or the fallback of 10 when it has none. */
export function defaultAmountFor(type: Pick<DonationType, 'defaultAmount'> | null | undefined): number {
  const n = parseAmount(type?.defaultAmount);
  return n !== null && n > 0 ? n : FALLBACK_AMOUNT;
}

/** Amount text for an input: 25 -> '25', 25.5 -> '25.50'. */
export function amountInputValue(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/** The name a custom amount's line is sent with (stored by the server: English, as data). */
export const CUSTOM_DONATION_NAME = 'Custom Donation';

/**
 * The one-item donation details list of a donation: the type's line, or a custom line named
 * `customName` that goes to the fund `fundId` (none: the General fund).
 */
export function buildDonationDetails(
  type: Pick<DonationType, 'id' | 'name'> | null,
  amount: number,
  customName = CUSTOM_DONATION_NAME,
  fundId?: string | null,
): DonationDetail[] {
  const rounded = Math.round(amount * 100) / 100;
  if (type) return [{ donationTypeId: type.id, amount: rounded, name: type.name }];
  return [fundId ? { donationTypeId: CUSTOM_TYPE_ID, amount: rounded, name: customName, fundId } : { donationTypeId: CUSTOM_TYPE_ID, amount: rounded, name: customName }];
}
