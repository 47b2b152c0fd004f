import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import type { ServiceOccurrences } from '@/types/api';

/** GET /api/services/occurrences: every recurring service's occurrences on the temple's local dates from..to. */
export function useServiceOccurrences(from: string, to: string) {
  const { data, error, isLoading } = useSWR<ServiceOccurrences>(apiKeys.serviceOccurrences(from, to));
  return { occurrences: data?.occurrences, error: error as Error | undefined, isLoading };
}
