import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { PersonStar } from '@/types/api';

/** GET /api/users/me/stars: the member first (person `me`), then each family member, with their birth star and next star day. */
export function getStars(): Promise<PersonStar[]> {
  return api.get<PersonStar[]>(apiKeys.myStars);
}

/**
 * The list, read afresh each time the tab opens: family members are added and removed in the
 * profile's next tab, whose hooks belong to another feature.
 */
export function useStars() {
  const { data, error, isLoading, mutate } = useSWR<PersonStar[]>(apiKeys.myStars, getStars, { revalidateOnMount: true });
  return { people: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, retry: () => void mutate() };
}
