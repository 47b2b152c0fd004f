import * as yup from 'yup';

export const adminEmailSchema = yup
  .string()
  .trim()
  .required('Please enter a valid email address')
  .email('Please enter a valid email address');

/** Adding staff: an account's e-mail and the roles it should hold (at least one). */
export const staffSchema = yup.object({
  email: adminEmailSchema,
  roles: yup.array().of(yup.string().required()).min(1, 'Choose at least one role').required('Choose at least one role'),
});
