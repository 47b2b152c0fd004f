import * as yup from 'yup';
import { t } from './i18n';

// The server's messages (crates/application/src/services/account.rs, crates/domain/src/user.rs), in
// the page's language (i18n/en.json has them in English, as the server words them).
const passwordShort = () => t('account.schema.passwordShort');
const password6 = yup.string().required(passwordShort).min(6, passwordShort);
const currentPassword = yup.string().required(() => t('account.schema.required'));

export const changePasswordSchema = yup.object({
  currentPassword,
  newPassword: password6,
  confirmPassword: yup
    .string()
    .required(passwordShort)
    .oneOf([yup.ref('newPassword')], () => t('account.schema.passwordsDiffer')),
});
export type ChangePasswordValues = yup.InferType<typeof changePasswordSchema>;

const emailInvalid = () => t('account.schema.emailInvalid');

export const changeEmailSchema = yup.object({
  newEmail: yup.string().trim().required(emailInvalid).email(emailInvalid),
  currentPassword,
});
export type ChangeEmailValues = yup.InferType<typeof changeEmailSchema>;

export const deleteAccountSchema = yup.object({ currentPassword });
export type DeleteAccountValues = yup.InferType<typeof deleteAccountSchema>;
