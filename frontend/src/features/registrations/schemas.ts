import * as yup from 'yup';
import { t } from './i18n';

// Messages are functions: read in the page's language when a value is checked, not when this loads.
const familyMessage = () => t('registrations.schema.family');

/** Registration (docs/product.md#validation-rules): numberOfFamilyMembers integer >= 0, default 0; notes optional. */
export const registrationSchema = yup.object({
  numberOfFamilyMembers: yup
    .number()
    .typeError(familyMessage)
    .required(familyMessage)
    .integer(familyMessage)
    .min(0, familyMessage),
  additionalNotes: yup.string().max(1000, () => t('registrations.schema.notesMax')).optional(),
});

export type RegistrationValues = { numberOfFamilyMembers: string; additionalNotes: string };
