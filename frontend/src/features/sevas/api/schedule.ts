import useSWR, { useSWRConfig } from 'swr';
import { api, downloadFile } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { SevaBooking, SevaSchedule } from '@/types/api';

/** GET /api/admin/sevas/schedule?date= (admins). */
export function useSevaSchedule(date: string) {
  const { data, error, isLoading, mutate } = useSWR<SevaSchedule>(apiKeys.sevaSchedule(date));
  return { schedule: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

function useRefreshSchedules() {
  const { mutate } = useSWRConfig();
  return () => mutate((key: unknown) => typeof key === 'string' && key.startsWith('/api/admin/sevas/schedule'));
}

/** PUT /api/seva-bookings/{id}/priest (admins): a priest's id, or null for none. */
export function useAssignPriest() {
  const refresh = useRefreshSchedules();
  return async (bookingId: string, priestId: string | null): Promise<SevaBooking> => {
    const saved = await api.put<SevaBooking>(`/api/seva-bookings/${bookingId}/priest`, { priestId });
    await refresh();
    return saved;
  };
}

/** POST /api/seva-bookings/{id}/complete (admins). */
export function useCompleteBooking() {
  const refresh = useRefreshSchedules();
  return async (bookingId: string): Promise<SevaBooking> => {
    const saved = await api.post<SevaBooking>(`/api/seva-bookings/${bookingId}/complete`, {});
    await refresh();
    return saved;
  };
}

/** GET /api/admin/sevas/schedule.csv?from=&to= as a download. */
export function downloadSchedule(from: string, to: string): Promise<string> {
  return downloadFile(`/api/admin/sevas/schedule.csv?from=${from}&to=${to}`, `seva-schedule-${from}-${to}.csv`);
}
