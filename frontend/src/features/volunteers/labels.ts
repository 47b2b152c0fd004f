import type { Availability, ContactPreference, VolunteerPreference } from '@/types/api';
import { t } from './i18n';

// The volunteer enumerations' labels in the page's language, for the member's dialogs and list (the
// admin's volunteer list keeps the English ones of lib/volunteer-labels.ts). An unknown value shows as is.

const contactKeys = {
  email: 'volunteers.contact.email',
  text: 'volunteers.contact.text',
  call: 'volunteers.contact.call',
  whatsapp: 'volunteers.contact.whatsapp',
} as const satisfies Record<ContactPreference, string>;

const roleKeys = {
  daily_services: 'volunteers.role.daily_services',
  outreach: 'volunteers.role.outreach',
  logistics: 'volunteers.role.logistics',
  ritvik: 'volunteers.role.ritvik',
  any: 'volunteers.role.any',
} as const satisfies Record<VolunteerPreference, string>;

const availabilityKeys = {
  morning: 'volunteers.availability.morning',
  evening: 'volunteers.availability.evening',
  either: 'volunteers.availability.either',
} as const satisfies Record<Availability, string>;

function labelIn<K extends string>(keys: Record<K, Parameters<typeof t>[0]>, value: string): string {
  return Object.prototype.hasOwnProperty.call(keys, value) ? t(keys[value as K]) : value;
}

export const contactPreferenceLabel = (value: string) => labelIn(contactKeys, value);
export const volunteerPreferenceLabel = (value: string) => labelIn(roleKeys, value);
export const availabilityLabel = (value: string) => labelIn(availabilityKeys, value);
