import { useMemo } from 'react';
import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import { tithiName } from '@/lib/tithi';
import type { PanchangamDay } from '@/types/api';

/** A date's tithi at sunrise: its name ("Shukla Ekadashi", "Pournami"), and whether it is an Ekadashi, Pournami or Amavasya. */
export type DateTithi = { name: string; marked: boolean };

const MARKED = new Set([11, 15, 26, 30]);

/**
 * GET /api/panchangam?from=&to=: the tithi of each date of the calendar's month, by date, read
 * only while `enabled` (the "Show tithis" switch). The same key, with the default fetcher, as the
 * panchangam page's month, so the two share one cache entry.
 */
export function useMonthTithis(from: string, to: string, enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<PanchangamDay[]>(enabled ? apiKeys.panchangam(from, to) : null);
  const tithis = useMemo(
    () => (data ? new Map<string, DateTithi>(data.map((day) => [day.date, { name: tithiName(day.tithi), marked: MARKED.has(day.tithi.number) }])) : undefined),
    [data],
  );
  return { tithis, error: error as Error | undefined, isLoading: enabled && isLoading && data === undefined, refresh: () => void mutate() };
}
