import useSWR from 'swr';
import type { DailyReport } from '../lib/report';

/** GET /api/reports/daily?date=: the day's totals (treasurers, the front desk, admins); read afresh each visit. */
export function useDailyReport(date: string) {
  const key = `/api/reports/daily?${new URLSearchParams({ date }).toString()}`;
  const { data, error, isLoading, mutate } = useSWR<DailyReport>(key, { revalidateOnMount: true });
  return { report: data, error: error as Error | undefined, isLoading: isLoading && !data, refresh: () => mutate() };
}
