import * as yup from 'yup';
import { t } from './i18n';

// docs/product.md#validation-rules. Messages are the product's where it gives them, in the page's
// language: each is a function, so it is read when a form is checked, not when this module loads.
const email = yup
  .string()
  .trim()
  .required(() => t('auth.valid.email'))
  .email(() => t('auth.valid.email'));
const password6 = yup
  .string()
  .required(() => t('auth.valid.passwordMin'))
  .min(6, () => t('auth.valid.passwordMin'));

export const signInSchema = yup.object({
  email,
  password: yup.string().required(() => t('auth.valid.passwordRequired')),
});
export type SignInValues = yup.InferType<typeof signInSchema>;

export const signUpSchema = yup.object({
  firstName: yup
    .string()
    .trim()
    .required(() => t('auth.valid.firstNameMin'))
    .min(2, () => t('auth.valid.firstNameMin')),
  lastName: yup
    .string()
    .trim()
    .required(() => t('auth.valid.lastNameMin'))
    .min(2, () => t('auth.valid.lastNameMin')),
  email,
  password: password6,
  phoneNumber: yup
    .string()
    .trim()
    .required(() => t('auth.valid.phoneRequired')),
  username: yup.string().trim().optional(),
  gotramId: yup.string().optional(),
  customGotram: yup.string().trim().optional(),
});
export type SignUpValues = yup.InferType<typeof signUpSchema>;

export const forgotPasswordSchema = yup.object({ email });
export type ForgotPasswordValues = yup.InferType<typeof forgotPasswordSchema>;

export const resetPasswordSchema = yup.object({
  token: yup.string().required(() => t('auth.valid.required')),
  password: password6,
  confirmPassword: yup
    .string()
    .required(() => t('auth.valid.passwordMin'))
    .min(6, () => t('auth.valid.passwordMin'))
    .oneOf([yup.ref('password')], () => t('auth.valid.passwordsMatch')),
});
export type ResetPasswordValues = yup.InferType<typeof resetPasswordSchema>;

const name = (min: () => string, max: () => string) => yup.string().trim().required(min).min(2, min).max(100, max);

/** The account made from an invitation to the staff; its e-mail is the invitation's. */
export const invitedAccountSchema = yup.object({
  firstName: name(
    () => t('auth.valid.firstNameMin'),
    () => t('auth.valid.firstNameMax'),
  ),
  lastName: name(
    () => t('auth.valid.lastNameMin'),
    () => t('auth.valid.lastNameMax'),
  ),
  phoneNumber: yup
    .string()
    .trim()
    .required(() => t('auth.valid.phoneRequired'))
    .max(32, () => t('auth.valid.phoneMax')),
  password: password6.max(256, () => t('auth.valid.passwordMax')),
});
export type InvitedAccountValues = yup.InferType<typeof invitedAccountSchema>;
