import type { Availability, ContactPreference, VolunteerPreference } from '@/types/api';

// Human labels of the volunteer enumerations (docs/product.md#entities-and-enumerations), shared by the volunteer dialog and
// the admin's volunteer list.

export const contactPreferenceLabels: Record<ContactPreference, string> = {
  email: 'Email',
  text: 'Text message',
  call: 'Phone call',
  whatsapp: 'WhatsApp',
};

export const volunteerPreferenceLabels: Record<VolunteerPreference, string> = {
  daily_services: 'Daily services',
  outreach: 'Outreach',
  logistics: 'Logistics',
  ritvik: 'Ritvik (assisting the priests)',
  any: 'Any role',
};

export const availabilityLabels: Record<Availability, string> = {
  morning: 'Morning',
  evening: 'Evening',
  either: 'Either',
};

export function labelOf<K extends string>(labels: Record<K, string>, key: string): string {
  return (labels as Record<string, string>)[key] ?? key;
}
