import * as yup from 'yup';
import type { Household, HouseholdBody } from '@/types/api';
import { t } from './i18n';
import en from './i18n/en.json';

// The server's rules and messages for a household (crates/domain/src/household.rs), in English as it
// sends them (i18n/en.json); the forms say them in the page's language.
export const NAME_REQUIRED = en['households.schema.nameRequired'];
export const NAME_TOO_LONG = en['households.schema.nameTooLong'];
export const ADDRESS_TOO_LONG = en['households.schema.addressTooLong'];
export const INVALID_EMAIL = en['households.schema.invalidEmail'];

export type StatementChoice = 'joint' | 'separate';

export type HouseholdValues = {
  name: string;
  /** Several lines. */
  address: string;
  statement: StatementChoice;
};

export const householdSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(() => t('households.schema.nameRequired'))
    .max(100, () => t('households.schema.nameTooLong')),
  address: yup
    .string()
    .trim()
    .max(300, () => t('households.schema.addressTooLong')),
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
  email: yup
    .string()
    .trim()
    .required(() => t('households.schema.invalidEmail'))
    .email(() => t('households.schema.invalidEmail')),
});
