import * as yup from 'yup';

export const profileSchema = yup.object({
  firstName: yup.string().trim().required('First name is required').min(2, 'First name is required'),
  lastName: yup.string().trim().required('Last name is required').min(2, 'Last name is required'),
  phoneNumber: yup.string().trim().optional(),
  /** '' means none. */
  gotramId: yup.string().optional(),
  customGotram: yup.string().trim().max(100, 'Gotram must be at most 100 characters').optional(),
  /** For receipts; '' means none. */
  mailingAddress: yup.string().trim().max(500, 'Mailing address must be at most 500 characters').optional(),
});
export type ProfileValues = yup.InferType<typeof profileSchema>;
