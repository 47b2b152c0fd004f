import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import type { Gotram } from '@/types/api';

/** GET /api/gotrams: reference data used by the sign-up and profile forms. */
export function useGotrams() {
  const { data, error, isLoading } = useSWR<Gotram[]>(apiKeys.gotrams);
  return { gotrams: data ?? [], error, isLoading };
}

/** 'gotranamalu - nakshtram (rasi)' */
export function formatGotram(g: Gotram): string {
  return `${g.gotranamalu} - ${g.nakshtram} (${g.rasi})`;
}
