import useSWR from 'swr';
import { downloadFile } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

export type GivingReport = components['schemas']['GivingReportDto'];
export type ActivityReport = components['schemas']['ActivityReportDto'];

const query = (from: string, to: string) => new URLSearchParams({ from, to }).toString();

/** GET /api/admin/reports/giving (null: the period is not valid yet). */
export function useGivingReport(from: string | null, to: string | null) {
  const key = from && to ? `/api/admin/reports/giving?${query(from, to)}` : null;
  const { data, error, mutate } = useSWR<GivingReport>(key, { keepPreviousData: true });
  return { report: data, error: error as Error | undefined, refresh: () => mutate() };
}

/** GET /api/admin/reports/activity (null: the period is not valid yet). */
export function useActivityReport(from: string | null, to: string | null) {
  const key = from && to ? `/api/admin/reports/activity?${query(from, to)}` : null;
  const { data, error, mutate } = useSWR<ActivityReport>(key, { keepPreviousData: true });
  return { report: data, error: error as Error | undefined, refresh: () => mutate() };
}

/** Saves a report's CSV. */
export function downloadReport(report: 'giving' | 'activity', from: string, to: string): Promise<string> {
  return downloadFile(`/api/admin/reports/${report}.csv?${query(from, to)}`, `${report}-${from}-to-${to}.csv`);
}
