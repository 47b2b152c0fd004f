import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { Event } from '@/types/api';

export const getEventsKey = apiKeys.events;

export function getEvents(): Promise<Event[]> {
  return api.get<Event[]>(apiKeys.events);
}

/** GET /api/events (public). */
export function useEvents() {
  const { data, error, isLoading, mutate } = useSWR<Event[]>(getEventsKey, getEvents);
  // Loading means no data yet: data seeded from the page (lib/initial-data.ts) stays on screen while it revalidates.
  return { events: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, mutate };
}
