import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { UserEvent } from '@/types/api';

export const getUserEventsKey = apiKeys.userEvents;

export function getUserEvents(userId: string): Promise<UserEvent[]> {
  return api.get<UserEvent[]>(apiKeys.userEvents(userId));
}

/** GET /api/users/{userId}/events: the member's registrations as {event, attendee} pairs. */
export function useUserEvents(userId: string | undefined) {
  const { data, error, isLoading, mutate } = useSWR<UserEvent[]>(userId ? getUserEventsKey(userId) : null, () =>
    getUserEvents(userId!),
  );
  return { userEvents: data, error: error as Error | undefined, isLoading, mutate };
}
