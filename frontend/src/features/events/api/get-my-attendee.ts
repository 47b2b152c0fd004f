import useSWR from 'swr';
import { api, ApiError } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { Attendee } from '@/types/api';

export const getMyAttendeeKey = apiKeys.eventAttendee;

/** GET /api/events/{id}/attendee: the member's own registration, null when not registered (404). */
export async function getMyAttendee(eventId: string): Promise<Attendee | null> {
  try {
    return await api.get<Attendee>(apiKeys.eventAttendee(eventId));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useMyAttendee(eventId: string | undefined, enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<Attendee | null>(
    enabled && eventId ? getMyAttendeeKey(eventId) : null,
    () => getMyAttendee(eventId!),
  );
  return { attendee: data, error: error as Error | undefined, isLoading, mutate };
}
