import * as yup from 'yup';
import { addDays } from '@/lib/dates';
import type { RecurringFrequency, RecurringGift, RecurringGiftBody, RecurringGiftChanges, RecurringReceipts } from '@/types/recurring-gifts';

// The server's rules and messages for a recurring gift (crates/domain/src/recurring_gift.rs).
export const AMOUNT_INVALID = 'Amount must be an amount in dollars, like 25 or 25.00';
export const AMOUNT_TOO_SMALL = 'Amount must be at least 1';
export const AMOUNT_TOO_LARGE = 'Amount must be at most 100,000';
export const FREQUENCY_INVALID = 'Choose monthly, quarterly or yearly';
export const FUND_REQUIRED = 'Choose a fund';
export const DATE_INVALID = 'Enter a date as YYYY-MM-DD';
export const DATE_IN_THE_PAST = 'Choose today or a later date';
export const DATE_TOO_FAR = 'Choose a date within a year';
export const RECEIPTS_INVALID = 'Choose a receipt for each gift or the year-end statement only';
export const NAME_REQUIRED = 'Enter your name';
export const EMAIL_REQUIRED = "Enter your e-mail address, for your receipts and this gift's link";
export const EMAIL_INVALID = 'Enter a valid e-mail address';
export const NAME_TOO_LONG = 'Name must be at most 200 characters';

/** The latest first or next gift: a year (and a leap day) from today, as the server allows. */
const MAX_DAYS_AHEAD = 366;
const MAX_AMOUNT = 100_000;

/** An amount as typed, without thousands separators or spaces: "1,001" -> "1001". */
export function plainAmount(text: string): string {
  return text.trim().replace(/,/g, '');
}

/** What is wrong with an amount as typed (dollars, at most two decimals, 1 to 100,000), null when fine. */
export function amountProblem(text: string): string | null {
  const t = plainAmount(text);
  if (!t) return AMOUNT_TOO_SMALL;
  const m = /^(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m || (!m[1] && !m[2]) || (m[2] ?? '').length > 2) return AMOUNT_INVALID;
  const value = Number(t);
  if (value < 1) return AMOUNT_TOO_SMALL;
  return value > MAX_AMOUNT ? AMOUNT_TOO_LARGE : null;
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
  const t = text.trim();
  if (!isDay(t)) return DATE_INVALID;
  if (t < today) return DATE_IN_THE_PAST;
  return t > addDays(today, MAX_DAYS_AHEAD) ? DATE_TOO_FAR : null;
}

const amountRule = yup.string().test('amount', AMOUNT_INVALID, function check(v) {
  const problem = amountProblem(v ?? '');
  return problem ? this.createError({ message: problem }) : true;
});

const dateRule = (today: string) =>
  yup.string().test('date', DATE_INVALID, function check(v) {
    const problem = dateProblem(v ?? '', today);
    return problem ? this.createError({ message: problem }) : true;
  });

const frequencyRule = yup.string().oneOf(['monthly', 'quarterly', 'yearly'], FREQUENCY_INVALID).required(FREQUENCY_INVALID);
const receiptsRule = yup.string().oneOf(['each', 'statement'], RECEIPTS_INVALID).required(RECEIPTS_INVALID);

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
    fundId: yup.string().trim().required(FUND_REQUIRED),
    startOn: dateRule(today),
    receipts: receiptsRule,
    name: guest ? yup.string().trim().required(NAME_REQUIRED).max(200, NAME_TOO_LONG) : yup.string(),
    email: guest ? yup.string().trim().required(EMAIL_REQUIRED).email(EMAIL_INVALID) : yup.string(),
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
    fundId: yup.string().trim().required(FUND_REQUIRED),
    frequency: frequencyRule,
    nextChargeOn: yup.string().test('date', DATE_INVALID, function check(v) {
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
