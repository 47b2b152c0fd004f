import * as yup from 'yup';

const familyMessage = 'Number of family members must be 0 or more';

/** Registration (docs/product.md#validation-rules): numberOfFamilyMembers integer >= 0, default 0; notes optional. */
export const registrationSchema = yup.object({
  numberOfFamilyMembers: yup
    .number()
    .typeError(familyMessage)
    .required(familyMessage)
    .integer(familyMessage)
    .min(0, familyMessage),
  additionalNotes: yup.string().max(1000, 'Notes must be at most 1000 characters').optional(),
});

export type RegistrationValues = { numberOfFamilyMembers: string; additionalNotes: string };
