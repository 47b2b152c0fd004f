import * as yup from 'yup';
import { addDays } from '@/lib/dates';
import type { RecurringFrequency, RecurringGift, RecurringGiftBody, RecurringGiftChanges, RecurringReceipts } from '@/types/recurring-gifts';
import { t } from './i18n';
import en from './i18n/en.json';

// The server's rules and messages for a recurring gift (crates/domain/src/recurring_gift.rs), in
// English as it sends them (i18n/en.json); the forms say them in the page's language.
export const AMOUNT_INVALID = en['recurring.schema.amountInvalid'];
export const AMOUNT_TOO_SMALL = en['recurring.schema.amountTooSmall'];
export const AMOUNT_TOO_LARGE = en['recurring.schema.amountTooLarge'];
export const FREQUENCY_INVALID = en['recurring.schema.frequencyInvalid'];
export const FUND_REQUIRED = en['recurring.schema.fundRequired'];
export const DATE_INVALID = en['recurring.schema.dateInvalid'];
export const DATE_IN_THE_PAST = en['recurring.schema.dateInThePast'];
export const DATE_TOO_FAR = en['recurring.schema.dateTooFar'];
export const RECEIPTS_INVALID = en['recurring.schema.receiptsInvalid'];
export const NAME_REQUIRED = en['recurring.schema.nameRequired'];
export const EMAIL_REQUIRED = en['recurring.schema.emailRequired'];
export const EMAIL_INVALID = en['recurring.schema.emailInvalid'];
export const NAME_TOO_LONG = en['recurring.schema.nameTooLong'];

const dateInvalid = () => t('recurring.schema.dateInvalid');
const frequencyInvalid = () => t('recurring.schema.frequencyInvalid');
const receiptsInvalid = () => t('recurring.schema.receiptsInvalid');
const fundRequired = () => t('recurring.schema.fundRequired');

/** The latest first or next gift: a year (and a leap day) from today, as the server allows. */
const MAX_DAYS_AHEAD = 366;
const MAX_AMOUNT = 100_000;

/** An amount as typed, without thousands separators or spaces: "1,001" -> "1001". */
export function plainAmount(text: string): string {
  return text.trim().replace(/,/g, '');
}

/** What is wrong with an amount as typed (dollars, at most two decimals, 1 to 100,000), null when fine. */
export function amountProblem(typed: string): string | null {
  const text = plainAmount(typed);
  if (!text) return t('recurring.schema.amountTooSmall');
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (!m[1] && !m[2]) || (m[2] ?? '').length > 2) return t('recurring.schema.amountInvalid');
  const value = Number(text);
  if (value < 1) return t('recurring.schema.amountTooSmall');
  return value > MAX_AMOUNT ? t('recurring.schema.amountTooLarge') : null;
}

/** A real calendar day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** What is wrong with a first or next gift's date, `today` being the temple's; null when fine. */
export function dateProblem(text: string, today: string): string | null {
  const day = text.trim();
  if (!isDay(day)) return dateInvalid();
  if (day < today) return t('recurring.schema.dateInThePast');
  return day > addDays(today, MAX_DAYS_AHEAD) ? t('recurring.schema.dateTooFar') : null;
}

const amountRule = yup.string().test('amount', () => t('recurring.schema.amountInvalid'), function check(v) {
  const problem = amountProblem(v ?? '');
  return problem ? this.createError({ message: problem }) : true;
});

const dateRule = (today: string) =>
  yup.string().test('date', dateInvalid, function check(v) {
    const problem = dateProblem(v ?? '', today);
    return problem ? this.createError({ message: problem }) : true;
  });

const frequencyRule = yup.string().oneOf(['monthly', 'quarterly', 'yearly'], frequencyInvalid).required(frequencyInvalid);
const receiptsRule = yup.string().oneOf(['each', 'statement'], receiptsInvalid).required(receiptsInvalid);

export type StartValues = {
  /** Dollars as typed. */
  amount: string;
  frequency: RecurringFrequency;
  fundId: string;
  /** "YYYY-MM-DD". */
  startOn: string;
  receipts: RecurringReceipts;
  /** A guest's; a member's come from the account. */
  name: string;
  email: string;
};

/** A new gift's form: monthly from `today` (the temple's "YYYY-MM-DD"), a receipt for each gift. */
export function startValues(today: string, fundId = ''): StartValues {
  return { amount: '', frequency: 'monthly', fundId, startOn: today, receipts: 'each', name: '', email: '' };
}

/** The start form's rules; a guest (`guest`) also gives a name and an e-mail. */
export function startSchema(today: string, guest: boolean) {
  return yup.object({
    amount: amountRule,
    frequency: frequencyRule,
    fundId: yup.string().trim().required(fundRequired),
    startOn: dateRule(today),
    receipts: receiptsRule,
    name: guest
      ? yup
          .string()
          .trim()
          .required(() => t('recurring.schema.nameRequired'))
          .max(200, () => t('recurring.schema.nameTooLong'))
      : yup.string(),
    email: guest
      ? yup
          .string()
          .trim()
          .required(() => t('recurring.schema.emailRequired'))
          .email(() => t('recurring.schema.emailInvalid'))
      : yup.string(),
  });
}

/** POST /api/recurring-gifts: the amount without separators; a guest's name and e-mail. */
export function toStartBody(v: StartValues, guest: boolean): RecurringGiftBody {
  const body: RecurringGiftBody = {
    amount: plainAmount(v.amount),
    frequency: v.frequency,
    fundId: v.fundId,
    startOn: v.startOn.trim(),
    receipts: v.receipts,
  };
  return guest ? { ...body, name: v.name.trim(), email: v.email.trim() } : body;
}

export type ChangeValues = {
  amount: string;
  fundId: string;
  frequency: RecurringFrequency;
  /** Blank for a gift with no next date (paused or waiting for its card): then not changed. */
  nextChargeOn: string;
  receipts: RecurringReceipts;
};

/** The change form, filled with the gift as it is. */
export function changeValues(gift: RecurringGift): ChangeValues {
  return {
    amount: gift.amount,
    fundId: gift.fundId,
    frequency: gift.frequency,
    nextChargeOn: gift.nextChargeOn ?? '',
    receipts: gift.receipts,
  };
}

/** The change form's rules; a blank next date is left as it is. */
export function changeSchema(today: string) {
  return yup.object({
    amount: amountRule,
    fundId: yup.string().trim().required(fundRequired),
    frequency: frequencyRule,
    nextChargeOn: yup.string().test('date', dateInvalid, function check(v) {
      if (!v?.trim()) return true;
      const problem = dateProblem(v, today);
      return problem ? this.createError({ message: problem }) : true;
    }),
    receipts: receiptsRule,
  });
}

/** PATCH /api/recurring-gifts/{id}: only what differs from the gift (empty: nothing to send). */
export function toChanges(gift: RecurringGift, v: ChangeValues): RecurringGiftChanges {
  const changes: RecurringGiftChanges = {};
  const amount = plainAmount(v.amount);
  if (Number(amount) !== Number(gift.amount)) changes.amount = amount;
  if (v.fundId !== gift.fundId) changes.fundId = v.fundId;
  if (v.frequency !== gift.frequency) changes.frequency = v.frequency;
  const next = v.nextChargeOn.trim();
  if (next && next !== gift.nextChargeOn) changes.nextChargeOn = next;
  if (v.receipts !== gift.receipts) changes.receipts = v.receipts;
  return changes;
}
