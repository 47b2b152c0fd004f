import useSWR from 'swr';
import { api, ApiError } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { Availability, ContactPreference, Volunteer, VolunteerPreference } from '@/types/api';

export type VolunteerBody = {
  eventId: string;
  name: string;
  contactNumber: string;
  contactEmail: string;
  contactPreference: ContactPreference;
  volunteerPreference: VolunteerPreference;
  availability: Availability;
  needsCertificate: boolean;
  additionalNotes: string | null;
};

/** GET /api/events/{id}/volunteers/me: null when the member is not volunteering (404). */
export async function getMyVolunteer(eventId: string): Promise<Volunteer | null> {
  try {
    return await api.get<Volunteer>(apiKeys.eventMyVolunteer(eventId));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useMyVolunteerRecord(eventId: string, enabled: boolean) {
  const { data, error, isLoading } = useSWR<Volunteer | null>(enabled ? apiKeys.eventMyVolunteer(eventId) : null, () =>
    getMyVolunteer(eventId),
  );
  return { volunteer: data, error: error as Error | undefined, isLoading };
}

/** POST /api/events/{id}/volunteers */
export function createVolunteer(body: VolunteerBody): Promise<Volunteer> {
  return api.post<Volunteer>(`/api/events/${body.eventId}/volunteers`, body);
}

/** DELETE /api/events/{id}/volunteers/{volunteerId} */
export function cancelVolunteer(eventId: string, volunteerId: string): Promise<void> {
  return api.delete(`/api/events/${eventId}/volunteers/${volunteerId}`);
}
