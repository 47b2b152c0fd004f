import * as yup from 'yup';
import type { WalkInBody } from '@/types/door';
import { MAX_PEOPLE, MIN_PEOPLE } from './lib/door';

// The door's rules for a walk-in (the server's WalkInRequest: names 2 to 100 characters, as at
// sign-up, people 1 to 99; the phone's and e-mail's rules are the sign-up's).

export const FIRST_NAME_REQUIRED = 'First name is required';
export const LAST_NAME_REQUIRED = 'Last name is required';
export const FIRST_NAME_TOO_SHORT = 'First name must be at least 2 characters';
export const LAST_NAME_TOO_SHORT = 'Last name must be at least 2 characters';
export const FIRST_NAME_TOO_LONG = 'First name must be at most 100 characters';
export const LAST_NAME_TOO_LONG = 'Last name must be at most 100 characters';
export const PHONE_TOO_LONG = 'Phone number must be at most 32 characters';
export const INVALID_EMAIL = 'Invalid email address';
export const PEOPLE_RANGE = `Enter how many people came: ${MIN_PEOPLE} to ${MAX_PEOPLE}`;

/** `people` is what its number field holds: Formik reads a number input's value as a number ('' when blank). */
export type WalkInValues = { firstName: string; lastName: string; phoneNumber: string; email: string; people: string | number };

export function walkInValues(prefill: Partial<WalkInValues> = {}): WalkInValues {
  return { firstName: '', lastName: '', phoneNumber: '', email: '', people: '1', ...prefill };
}

/** A blank name is "required", not "too short". */
const atLeastTwo = (v: string | undefined) => !v || v.trim().length >= 2;

export const walkInSchema = yup.object({
  firstName: yup.string().trim().required(FIRST_NAME_REQUIRED).test('short', FIRST_NAME_TOO_SHORT, atLeastTwo).max(100, FIRST_NAME_TOO_LONG),
  lastName: yup.string().trim().required(LAST_NAME_REQUIRED).test('short', LAST_NAME_TOO_SHORT, atLeastTwo).max(100, LAST_NAME_TOO_LONG),
  phoneNumber: yup.string().trim().max(32, PHONE_TOO_LONG),
  email: yup.string().trim().email(INVALID_EMAIL),
  people: yup.mixed<string | number>().test('people', PEOPLE_RANGE, (v) => {
    const t = String(v ?? '').trim();
    return /^\d{1,2}$/.test(t) && Number(t) >= MIN_PEOPLE && Number(t) <= MAX_PEOPLE;
  }),
});

/** The request body of valid values: blank phone and e-mail are null. */
export function toWalkInBody(values: WalkInValues): WalkInBody {
  const optional = (v: string) => (v.trim() ? v.trim() : null);
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phoneNumber: optional(values.phoneNumber),
    email: optional(values.email),
    people: Number(String(values.people).trim()),
  };
}
