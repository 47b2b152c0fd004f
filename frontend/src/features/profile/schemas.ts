import * as yup from 'yup';

export const profileSchema = yup.object({
  firstName: yup.string().trim().required('First name is required').min(2, 'First name is required'),
  lastName: yup.string().trim().required('Last name is required').min(2, 'Last name is required'),
  phoneNumber: yup.string().trim().optional(),
  /** '' means none. */
  gotramId: yup.string().optional(),
});
export type ProfileValues = yup.InferType<typeof profileSchema>;
