import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import type { FestivalPreview } from '@/types/api';

/**
 * GET /api/admin/festivals/{id}/events?fromYear=&years= (editors): the rule's dates at the temple
 * in those years, each with the event made for it and whether it has passed. No request while
 * `range` is null (a year being typed); the last dates stay shown while the next ones load.
 */
export function useFestivalPreview(id: string, range: { fromYear: number; years: number } | null) {
  const key = range ? apiKeys.festivalPreview(id, range.fromYear, range.years) : null;
  const { data, error, isLoading, isValidating, mutate } = useSWR<FestivalPreview>(key, { keepPreviousData: true });
  return {
    preview: range ? data : undefined,
    error: error as Error | undefined,
    isLoading,
    /** Loading the dates of other years while the last ones are shown. */
    isUpdating: isValidating && data !== undefined,
    refresh: () => void mutate(),
  };
}
