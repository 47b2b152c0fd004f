import * as yup from 'yup';

// docs/product.md#validation-rules. Messages are the product's where it gives them.
const email = yup.string().trim().required('Invalid email address').email('Invalid email address');
const password6 = yup.string().required('Password must be at least 6 characters').min(6, 'Password must be at least 6 characters');

export const signInSchema = yup.object({
  email,
  password: yup.string().required('Password is required'),
});
export type SignInValues = yup.InferType<typeof signInSchema>;

export const signUpSchema = yup.object({
  firstName: yup.string().trim().required('First name must be at least 2 characters').min(2, 'First name must be at least 2 characters'),
  lastName: yup.string().trim().required('Last name must be at least 2 characters').min(2, 'Last name must be at least 2 characters'),
  email,
  password: password6,
  phoneNumber: yup.string().trim().required('Phone number is required'),
  username: yup.string().trim().optional(),
  gotramId: yup.string().optional(),
  customGotram: yup.string().trim().optional(),
});
export type SignUpValues = yup.InferType<typeof signUpSchema>;

export const forgotPasswordSchema = yup.object({ email });
export type ForgotPasswordValues = yup.InferType<typeof forgotPasswordSchema>;

export const resetPasswordSchema = yup.object({
  token: yup.string().required('Required'),
  password: password6,
  confirmPassword: yup
    .string()
    .required('Password must be at least 6 characters')
    .min(6, 'Password must be at least 6 characters')
    .oneOf([yup.ref('password')], "Passwords don't match"),
});
export type ResetPasswordValues = yup.InferType<typeof resetPasswordSchema>;

const name = (label: string) =>
  yup
    .string()
    .trim()
    .required(`${label} must be at least 2 characters`)
    .min(2, `${label} must be at least 2 characters`)
    .max(100, `${label} must be at most 100 characters`);

/** The account made from an invitation to the staff; its e-mail is the invitation's. */
export const invitedAccountSchema = yup.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  phoneNumber: yup.string().trim().required('Phone number is required').max(32, 'Phone number must be at most 32 characters'),
  password: password6.max(256, 'Password must be at most 256 characters'),
});
export type InvitedAccountValues = yup.InferType<typeof invitedAccountSchema>;
