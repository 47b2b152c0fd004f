import useSWR from 'swr';
import { api, ApiError } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { Attendee } from '@/types/api';

export type RegistrationBody = { numberOfFamilyMembers: number; additionalNotes: string | null };

/** POST /api/events/{id}/register */
export function registerForEvent(eventId: string, body: RegistrationBody): Promise<Attendee> {
  return api.post<Attendee>(`/api/events/${eventId}/register`, body);
}

/** PUT /api/events/{id}/attendee */
export function updateAttendee(eventId: string, body: RegistrationBody): Promise<Attendee> {
  return api.put<Attendee>(apiKeys.eventAttendee(eventId), body);
}

/** GET /api/events/{id}/attendee: the member's own registration, null when not registered (404). */
export async function getAttendee(eventId: string): Promise<Attendee | null> {
  try {
    return await api.get<Attendee>(apiKeys.eventAttendee(eventId));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useAttendee(eventId: string, enabled: boolean) {
  const { data, error, isLoading } = useSWR<Attendee | null>(enabled ? apiKeys.eventAttendee(eventId) : null, () =>
    getAttendee(eventId),
  );
  return { attendee: data, error: error as Error | undefined, isLoading };
}
