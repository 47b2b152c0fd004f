import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { DoorSearch } from '@/types/door';
import type { DoorResults } from '../lib/door';

/** GET /api/events/{id}/door/search?q=: the key of one search (q as the desk normalized it). */
export function doorSearchKey(eventId: string, q: string): string {
  return `/api/events/${eventId}/door/search?${new URLSearchParams({ q }).toString()}`;
}

/**
 * The door's search as the user types: at most 20 registrations and walk-ins matching `q` (names,
 * phone digits, a confirmation code), or the 20 latest check-ins for an empty `q`. The previous
 * answer stays on screen while the next one comes (it says which text it is for), and a search
 * typed again is asked again, its cached answer shown meanwhile.
 */
export function useDoorSearch(eventId: string, q: string) {
  const key = doorSearchKey(eventId, q);
  const { data, error, isLoading, mutate } = useSWR<DoorResults>(
    key,
    () => api.get<DoorSearch>(key).then((answer) => ({ ...answer, q })),
    { keepPreviousData: true, revalidateIfStale: true },
  );
  return { results: data, error: error as Error | undefined, isLoading, reload: () => void mutate() };
}
