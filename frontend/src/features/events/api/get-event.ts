import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { Event } from '@/types/api';

export const getEventKey = apiKeys.event;

export function getEvent(id: string): Promise<Event> {
  return api.get<Event>(apiKeys.event(id));
}

/** GET /api/events/{id}; a 404 shows the 'Event not found' state. */
export function useEvent(id: string | undefined) {
  const { data, error, isLoading, mutate } = useSWR<Event>(id ? getEventKey(id) : null, () => getEvent(id!));
  // Loading means no data yet: data seeded from the page (lib/initial-data.ts) stays on screen while it revalidates.
  return { event: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, mutate };
}
