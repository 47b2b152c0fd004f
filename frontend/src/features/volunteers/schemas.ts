import * as yup from 'yup';
import type { Availability, ContactPreference, VolunteerPreference } from '@/types/api';
import { t } from './i18n';

export const contactPreferences: ContactPreference[] = ['email', 'text', 'call', 'whatsapp'];
export const volunteerPreferences: VolunteerPreference[] = ['daily_services', 'outreach', 'logistics', 'ritvik', 'any'];
export const availabilities: Availability[] = ['morning', 'evening', 'either'];

// Messages are functions: read in the page's language when a value is checked, not when this loads.
const required = () => t('volunteers.schema.required');
const nameMessage = () => t('volunteers.schema.name');
const phoneMessage = () => t('volunteers.schema.phone');
const emailMessage = () => t('volunteers.schema.email');

/** Volunteer form (docs/product.md#validation-rules). */
export const volunteerSchema = yup.object({
  eventId: yup.string().required(required),
  name: yup.string().trim().required(nameMessage).min(2, nameMessage),
  contactNumber: yup.string().trim().required(phoneMessage).min(10, phoneMessage),
  contactEmail: yup.string().trim().required(emailMessage).email(emailMessage),
  contactPreference: yup.string().required(required).oneOf(contactPreferences, required),
  volunteerPreference: yup.string().required(required).oneOf(volunteerPreferences, required),
  availability: yup.string().required(required).oneOf(availabilities, required),
  needsCertificate: yup.boolean().default(false),
  additionalNotes: yup.string().max(1000, () => t('volunteers.schema.notesMax')).optional(),
});

export type VolunteerValues = {
  eventId: string;
  name: string;
  contactNumber: string;
  contactEmail: string;
  contactPreference: ContactPreference | '';
  volunteerPreference: VolunteerPreference | '';
  availability: Availability | '';
  needsCertificate: boolean;
  additionalNotes: string;
};

/** A field's name as the form labels it, listed in the 'Please fix form errors' toast. */
export function volunteerFieldLabel(field: keyof VolunteerValues): string {
  return t(`volunteers.field.${field}`);
}
