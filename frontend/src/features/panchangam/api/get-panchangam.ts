import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import type { PanchangamDay } from '@/types/api';

/** GET /api/panchangam: today's panchangam at the temple (the server's today, in its zone). */
export function usePanchangamToday() {
  const { data, error, isLoading } = useSWR<PanchangamDay[]>(apiKeys.panchangam());
  return { day: data?.[0], error: error as Error | undefined, isLoading: isLoading && data === undefined };
}

/** GET /api/panchangam?from=&to=: the days from `from` to `to` ("YYYY-MM-DD"), in one request. */
export function usePanchangamDays(from: string, to: string) {
  const { data, error, isLoading, mutate } = useSWR<PanchangamDay[]>(apiKeys.panchangam(from, to));
  return { days: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => void mutate() };
}
