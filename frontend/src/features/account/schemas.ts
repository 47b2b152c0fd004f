import * as yup from 'yup';

// The server's messages (crates/application/src/services/account.rs, crates/domain/src/user.rs).
const password6 = yup.string().required('Password must be at least 6 characters').min(6, 'Password must be at least 6 characters');
const currentPassword = yup.string().required('Required');

export const changePasswordSchema = yup.object({
  currentPassword,
  newPassword: password6,
  confirmPassword: yup
    .string()
    .required('Password must be at least 6 characters')
    .oneOf([yup.ref('newPassword')], "Passwords don't match"),
});
export type ChangePasswordValues = yup.InferType<typeof changePasswordSchema>;

export const changeEmailSchema = yup.object({
  newEmail: yup.string().trim().required('Invalid email address').email('Invalid email address'),
  currentPassword,
});
export type ChangeEmailValues = yup.InferType<typeof changeEmailSchema>;

export const deleteAccountSchema = yup.object({ currentPassword });
export type DeleteAccountValues = yup.InferType<typeof deleteAccountSchema>;
