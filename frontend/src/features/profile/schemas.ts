import * as yup from 'yup';
import { t } from './i18n';

const firstNameRequired = () => t('profile.firstNameRequired');
const lastNameRequired = () => t('profile.lastNameRequired');

export const profileSchema = yup.object({
  firstName: yup.string().trim().required(firstNameRequired).min(2, firstNameRequired),
  lastName: yup.string().trim().required(lastNameRequired).min(2, lastNameRequired),
  phoneNumber: yup.string().trim().optional(),
  /** '' means none. */
  gotramId: yup.string().optional(),
  customGotram: yup.string().trim().max(100, () => t('profile.gotramTooLong')).optional(),
  /** For receipts; '' means none. */
  mailingAddress: yup.string().trim().max(500, () => t('profile.addressTooLong')).optional(),
});
export type ProfileValues = yup.InferType<typeof profileSchema>;
