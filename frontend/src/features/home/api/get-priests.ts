import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import type { Priest } from '@/types/api';

/** GET /api/priests, in the admins' order. */
export function usePriests() {
  const { data, error, isLoading } = useSWR<Priest[]>(apiKeys.priests);
  return { priests: data, error: error as Error | undefined, isLoading };
}
