import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import type { AssignedSeva, SevaBooking } from '@/types/api';

export const ASSIGNED_SEVAS_PATH = '/api/seva-bookings/assigned';

/** The URL of the priest's sevas from `from` to `to` ("YYYY-MM-DD", the temple's days): one day, or a range. */
export function assignedSevasKey(from: string, to: string): string {
  return from === to ? `${ASSIGNED_SEVAS_PATH}?date=${from}` : `${ASSIGNED_SEVAS_PATH}?from=${from}&to=${to}`;
}

/**
 * GET /api/seva-bookings/assigned: the sevas assigned to the priest's profile linked to the
 * account, in time order (409 with a message when no profile is linked).
 */
export function useAssignedSevas(from: string, to: string) {
  const { data, error, isLoading, mutate } = useSWR<AssignedSeva[]>(assignedSevasKey(from, to));
  return { sevas: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** POST /api/seva-bookings/{id}/complete: marks the seva done, then reloads every range of the priest's sevas. */
export function useMarkSevaDone() {
  const { mutate } = useSWRConfig();
  return async (bookingId: string): Promise<SevaBooking> => {
    const saved = await api.post<SevaBooking>(`/api/seva-bookings/${bookingId}/complete`, {});
    await mutate((key: unknown) => typeof key === 'string' && key.startsWith(ASSIGNED_SEVAS_PATH));
    return saved;
  };
}
