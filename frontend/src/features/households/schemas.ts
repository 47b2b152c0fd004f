import * as yup from 'yup';
import type { Household, HouseholdBody } from '@/types/api';

// The server's rules and messages for a household (crates/domain/src/household.rs).
export const NAME_REQUIRED = 'Name the household, e.g. The Rao family';
export const NAME_TOO_LONG = 'Name must be at most 100 characters';
export const ADDRESS_TOO_LONG = 'Address must be at most 300 characters';
export const INVALID_EMAIL = 'Invalid email address';

export type StatementChoice = 'joint' | 'separate';

export type HouseholdValues = {
  name: string;
  /** Several lines. */
  address: string;
  statement: StatementChoice;
};

export const householdSchema = yup.object({
  name: yup.string().trim().required(NAME_REQUIRED).max(100, NAME_TOO_LONG),
  address: yup.string().trim().max(300, ADDRESS_TOO_LONG),
  statement: yup.mixed<StatementChoice>().oneOf(['joint', 'separate']).required(),
});

/** The form of a new household (a joint statement, as most families want), or of `household`. */
export function householdValues(household?: Household | null): HouseholdValues {
  return {
    name: household?.name ?? '',
    address: household?.address ?? '',
    statement: household?.statement === 'separate' ? 'separate' : 'joint',
  };
}

/** The request body: trimmed, an empty address sent as none. */
export function toHouseholdBody(v: HouseholdValues): HouseholdBody {
  const address = v.address.trim();
  return { name: v.name.trim(), address: address || null, statement: v.statement };
}

export const inviteSchema = yup.object({
  email: yup.string().trim().required(INVALID_EMAIL).email(INVALID_EMAIL),
});
