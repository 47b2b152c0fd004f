import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { FestivalRule } from '@/types/api';

/** GET /api/admin/festivals: every festival's rule, by month and tithi (editors). */
export function getFestivalRules(): Promise<FestivalRule[]> {
  return api.get<FestivalRule[]>(apiKeys.festivalRules);
}

export function useFestivalRules() {
  const { data, error, isLoading, mutate } = useSWR<FestivalRule[]>(apiKeys.festivalRules, getFestivalRules);
  return { rules: data, error: error as Error | undefined, isLoading, refresh: () => void mutate() };
}
