import useSWR from 'swr';
import { api, ApiError } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { Volunteer } from '@/types/api';

export const getMyVolunteerKey = apiKeys.eventMyVolunteer;

/** GET /api/events/{id}/volunteers/me: the member's volunteer record, null when none (404). */
export async function getMyVolunteer(eventId: string): Promise<Volunteer | null> {
  try {
    return await api.get<Volunteer>(apiKeys.eventMyVolunteer(eventId));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useMyVolunteer(eventId: string | undefined, enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<Volunteer | null>(
    enabled && eventId ? getMyVolunteerKey(eventId) : null,
    () => getMyVolunteer(eventId!),
  );
  return { volunteer: data, error: error as Error | undefined, isLoading, mutate };
}
