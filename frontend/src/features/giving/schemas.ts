import * as yup from 'yup';
import type { PledgeBody } from '@/types/api';
import { t } from './i18n';

// The server's rules and messages for a pledge (crates/domain/src/pledge.rs), in English: the form
// shows them in the page's language (its catalogue's `giving.pledge.*`, the same words in English).
export const FUND_REQUIRED = 'Choose a fund';
export const AMOUNT_INVALID = 'Amount must be an amount in dollars, like 5001 or 5001.00';
export const AMOUNT_TOO_SMALL = 'Amount must be at least 1';
export const AMOUNT_TOO_LARGE = 'Amount must be at most 10,000,000';
export const START_REQUIRED = 'Enter the first day of the pledge as YYYY-MM-DD';
export const END_REQUIRED = 'Enter the last day of the pledge as YYYY-MM-DD';
export const ENDS_BEFORE_START = 'The end date must be on or after the start date';
export const ENDS_IN_PAST = 'A pledge ends today or later';
export const TOO_LONG = 'A pledge covers at most 5 years';
export const NOTE_TOO_LONG = 'Note must be at most 500 characters';

/** The longest period, in days counting both ends (five years and a leap day). */
const MAX_DAYS = 5 * 365 + 1;

/** An amount as typed, without thousands separators: "5,001" -> "5001". */
export function plainAmount(text: string): string {
  return text.trim().replace(/,/g, '');
}

/** What is wrong with an amount as typed (dollars, at most two decimals, 1 to 10,000,000), null when fine. */
export function amountProblem(text: string): string | null {
  const typed = plainAmount(text);
  if (!typed) return t('giving.pledge.amountTooSmall');
  const m = /^(\d*)(?:\.(\d*))?$/.exec(typed);
  if (!m || (!m[1] && !m[2]) || (m[2] ?? '').length > 2) return t('giving.pledge.amountInvalid');
  const value = Number(typed);
  if (value < 1) return t('giving.pledge.amountTooSmall');
  return value > 10_000_000 ? t('giving.pledge.amountTooLarge') : null;
}

/** A real calendar day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export type PledgeValues = {
  fundId: string;
  /** Dollars as typed. */
  amount: string;
  /** YYYY-MM-DD. */
  startsOn: string;
  endsOn: string;
  note: string;
};

/** A new pledge's form: the fund given (or none), over the year of `today` (the temple's "YYYY-MM-DD"). */
export function pledgeValues(today: string, fundId = ''): PledgeValues {
  const year = today.slice(0, 4);
  return { fundId, amount: '', startsOn: `${year}-01-01`, endsOn: `${year}-12-31`, note: '' };
}

/** Days from one "YYYY-MM-DD" to another. */
function daysBetween(from: string, to: string): number {
  const utc = (d: string) => {
    const [y, m, day] = d.split('-').map(Number);
    return Date.UTC(y, m - 1, day);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

const day = (message: () => string) =>
  yup
    .string()
    .trim()
    .required(message)
    .test('day', message, (v) => isDay(v ?? ''));

/** Characters, not UTF-16 units, as the server counts them. */
const chars = (text: string) => [...text].length;

/** The pledge form's rules; `today` is the temple's day, "YYYY-MM-DD" (a pledge ends today or later). */
export function pledgeSchema(today: string) {
  return yup.object({
    fundId: yup.string().required(() => t('giving.pledge.fundRequired')),
    amount: yup.string().test('amount', () => t('giving.pledge.amountInvalid'), function check(v) {
      const problem = amountProblem(v ?? '');
      return problem ? this.createError({ message: problem }) : true;
    }),
    startsOn: day(() => t('giving.pledge.startRequired')),
    endsOn: day(() => t('giving.pledge.endRequired')).test('period', () => t('giving.pledge.endsBeforeStart'), function check(v) {
      const start = (this.parent as PledgeValues).startsOn?.trim() ?? '';
      const end = v?.trim() ?? '';
      if (!isDay(end)) return true;
      if (isDay(start) && end < start) return this.createError({ message: t('giving.pledge.endsBeforeStart') });
      if (isDay(start) && daysBetween(start, end) >= MAX_DAYS) return this.createError({ message: t('giving.pledge.tooLong') });
      return end < today ? this.createError({ message: t('giving.pledge.endsInPast') }) : true;
    }),
    note: yup.string().test('max', () => t('giving.pledge.noteTooLong'), (v) => chars((v ?? '').trim()) <= 500),
  });
}

/** POST /api/pledges/mine: the amount as typed without separators, a blank note as null. */
export function toPledgeBody(v: PledgeValues): PledgeBody {
  return {
    fundId: v.fundId,
    amount: plainAmount(v.amount),
    startsOn: v.startsOn.trim(),
    endsOn: v.endsOn.trim(),
    note: v.note.trim() || null,
  };
}
