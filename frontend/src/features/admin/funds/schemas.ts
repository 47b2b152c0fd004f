import * as yup from 'yup';
import type { Fund, FundBody, FundChanges } from '@/types/api';

// The server's rules and messages (crates/domain/src/fund.rs).
export const NAME_REQUIRED = 'Name is required';
export const NAME_TOO_LONG = 'Name must be at most 100 characters';
export const DESCRIPTION_TOO_LONG = 'Description must be at most 2000 characters';
export const GOAL_INVALID = 'Goal must be an amount in dollars, like 500000 or 500000.00';
export const GOAL_TOO_SMALL = 'Goal must be at least 1';
export const GOAL_TOO_LARGE = 'Goal must be at most 100,000,000';
export const DATE_INVALID = 'Enter a date as YYYY-MM-DD';
export const ENDS_BEFORE_START = 'The end date must be on or after the start date';
export const GENERAL_STAYS_ACTIVE = 'The General fund receives every gift without a fund of its own, so it stays active';

/** Characters, not UTF-16 units, as the server counts them. */
const chars = (text: string) => [...text].length;

/** What is wrong with a goal as typed (dollars, at most two decimals, 1 to 100,000,000), null when fine or blank. */
export function goalProblem(text: string): string | null {
  const t = text.trim();
  if (!t) return null;
  const m = /^-?(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m || (!m[1] && !m[2])) return GOAL_INVALID;
  if ((m[2] ?? '').length > 2) return GOAL_INVALID;
  if (m[1].length > 13) return GOAL_TOO_LARGE;
  const value = Number(t);
  if (value < 1) return GOAL_TOO_SMALL;
  if (value > 100_000_000) return GOAL_TOO_LARGE;
  return null;
}

/** A real calendar day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const optionalDay = () => yup.string().test('day', DATE_INVALID, (v) => !v?.trim() || isDay(v.trim()));

/** A fund as the create and edit form holds it; blank texts mean none. */
export const fundSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(NAME_REQUIRED)
    .min(2, NAME_REQUIRED)
    .test('max', NAME_TOO_LONG, (v) => chars(v ?? '') <= 100),
  description: yup.string().test('max', DESCRIPTION_TOO_LONG, (v) => chars((v ?? '').trim()) <= 2000),
  goal: yup.string().test('goal', GOAL_INVALID, function check(v) {
    const problem = goalProblem(v ?? '');
    return problem ? this.createError({ message: problem }) : true;
  }),
  startsOn: optionalDay(),
  endsOn: optionalDay().test('order', ENDS_BEFORE_START, function check(v) {
    const start = (this.parent as FundValues).startsOn?.trim();
    const end = v?.trim();
    return !(start && end && isDay(start) && isDay(end) && end < start);
  }),
  restricted: yup.boolean(),
  isActive: yup.boolean(),
});

export type FundValues = {
  name: string;
  description: string;
  /** Dollars as typed. */
  goal: string;
  /** YYYY-MM-DD or ''. */
  startsOn: string;
  endsOn: string;
  restricted: boolean;
  isActive: boolean;
};

/** The form's values for a fund (null: a new one, active and unrestricted). */
export function fundValues(fund: Fund | null): FundValues {
  return {
    name: fund?.name ?? '',
    description: fund?.description ?? '',
    goal: fund?.goal ?? '',
    startsOn: fund?.startsOn ?? '',
    endsOn: fund?.endsOn ?? '',
    restricted: fund?.restricted ?? false,
    isActive: fund?.isActive ?? true,
  };
}

const orNull = (text: string) => text.trim() || null;

/** POST /api/funds: every field, blanks as null. */
export function toFundBody(v: FundValues): FundBody {
  return {
    name: v.name.trim(),
    description: orNull(v.description),
    goal: orNull(v.goal),
    startsOn: orNull(v.startsOn),
    endsOn: orNull(v.endsOn),
    restricted: v.restricted,
    isActive: v.isActive,
  };
}

/** A goal's value in cents, to compare "500000" with "500000.00"; null when blank. */
function goalCents(text: string | null): number | null {
  const t = (text ?? '').trim();
  return t ? Math.round(Number(t) * 100) : null;
}

/** PATCH /api/funds/{id}: only the fields changed; null clears the description, the goal or a date. */
export function changedFundFields(fund: Fund, v: FundValues): FundChanges {
  const body: FundChanges = {};
  if (v.name.trim() !== fund.name) body.name = v.name.trim();
  if (orNull(v.description) !== (fund.description ?? null)) body.description = orNull(v.description);
  if (goalCents(v.goal) !== goalCents(fund.goal)) body.goal = orNull(v.goal);
  if (orNull(v.startsOn) !== fund.startsOn) body.startsOn = orNull(v.startsOn);
  if (orNull(v.endsOn) !== fund.endsOn) body.endsOn = orNull(v.endsOn);
  if (v.restricted !== fund.restricted) body.restricted = v.restricted;
  if (v.isActive !== fund.isActive) body.isActive = v.isActive;
  return body;
}
