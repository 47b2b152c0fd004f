import * as yup from 'yup';
import type { Availability, ContactPreference, VolunteerPreference } from '@/types/api';

export const contactPreferences: ContactPreference[] = ['email', 'text', 'call', 'whatsapp'];
export const volunteerPreferences: VolunteerPreference[] = ['daily_services', 'outreach', 'logistics', 'ritvik', 'any'];
export const availabilities: Availability[] = ['morning', 'evening', 'either'];

/** Volunteer form (docs/product.md#validation-rules). */
export const volunteerSchema = yup.object({
  eventId: yup.string().required('Required'),
  name: yup.string().trim().required('Name must be at least 2 characters').min(2, 'Name must be at least 2 characters'),
  contactNumber: yup
    .string()
    .trim()
    .required('Please enter a valid phone number')
    .min(10, 'Please enter a valid phone number'),
  contactEmail: yup.string().trim().required('Please enter a valid email address').email('Please enter a valid email address'),
  contactPreference: yup.string().required('Required').oneOf(contactPreferences, 'Required'),
  volunteerPreference: yup.string().required('Required').oneOf(volunteerPreferences, 'Required'),
  availability: yup.string().required('Required').oneOf(availabilities, 'Required'),
  needsCertificate: yup.boolean().default(false),
  additionalNotes: yup.string().max(1000, 'Notes must be at most 1000 characters').optional(),
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

/** The field names listed in the 'Please fix form errors' toast. */
export const volunteerFieldLabels: Record<keyof VolunteerValues, string> = {
  eventId: 'Event',
  name: 'Name',
  contactNumber: 'Contact number',
  contactEmail: 'Contact email',
  contactPreference: 'Contact preference',
  volunteerPreference: 'Volunteer preference',
  availability: 'Availability',
  needsCertificate: 'Volunteer certificate',
  additionalNotes: 'Additional notes',
};
