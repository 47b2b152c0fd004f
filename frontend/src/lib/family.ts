import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import type { FamilyMember } from '@/types/api';

/** GET /api/users/me/family: the family members saved in the profile, reused by sevas and event registrations. */
export function useFamily(enabled = true) {
  const { data, error, isLoading, mutate } = useSWR<FamilyMember[]>(enabled ? apiKeys.family : null);
  return { family: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}
