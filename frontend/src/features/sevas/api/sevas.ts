import useSWR, { useSWRConfig } from 'swr';
import { api, ApiError } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { PaidSevaBooking, Seva, SevaAvailability, SevaBooking, SevaBookingBody, SevaSettings } from '@/types/api';

/** GET /api/sevas: the active sevas in the temple's order. */
export function useSevas() {
  const { data, error, isLoading, mutate } = useSWR<Seva[]>(apiKeys.sevas);
  return { sevas: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** GET /api/sevas/{id} */
export function useSeva(id: string) {
  const { data, error, isLoading, mutate } = useSWR<Seva>(apiKeys.seva(id));
  return { seva: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** GET /api/sevas/{id}/availability?from=&to= (the temple's local dates). */
export function useSevaAvailability(id: string, from: string, to: string) {
  const { data, error, isLoading, mutate } = useSWR<SevaAvailability>(apiKeys.sevaAvailability(id, from, to));
  return { availability: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** GET /api/seva-settings: the cancellation policy shown before booking. */
export function useSevaSettings() {
  const { data, error } = useSWR<SevaSettings>(apiKeys.sevaSettings);
  return { settings: data, error: error as Error | undefined };
}

/** Every cached availability range of a seva. */
function availabilityOf(sevaId: string) {
  return (key: unknown) => typeof key === 'string' && key.startsWith(`/api/sevas/${sevaId}/availability`);
}

/**
 * POST /api/sevas/{id}/bookings: holds the slot, then reloads its availability and the member's
 * bookings. A refusal (a slot booked up meanwhile, a day closed, a field refused) also reloads the
 * availability: the calendar the member chose from may be out of date, and must not offer the
 * same slot again as if it were free.
 */
export function useBookSeva() {
  const { mutate } = useSWRConfig();
  return async (sevaId: string, body: SevaBookingBody): Promise<SevaBooking> => {
    let booking: SevaBooking;
    try {
      booking = await api.post<SevaBooking>(`/api/sevas/${sevaId}/bookings`, body);
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) void mutate(availabilityOf(sevaId));
      throw err;
    }
    void mutate(availabilityOf(sevaId));
    void mutate(apiKeys.mySevaBookings);
    return booking;
  };
}

/**
 * POST /api/seva-bookings/{id}/pay: the payment linked to the held booking (a repeat answers the
 * same payment), then reloads the member's bookings.
 */
export function usePaySevaBooking() {
  const { mutate } = useSWRConfig();
  return async (bookingId: string, method: 'card' | 'zelle'): Promise<PaidSevaBooking> => {
    const paid = await api.post<PaidSevaBooking>(`/api/seva-bookings/${bookingId}/pay`, { method });
    void mutate(apiKeys.mySevaBookings);
    return paid;
  };
}

/** GET /api/seva-bookings/mine */
export function useMySevaBookings() {
  const { data, error, isLoading, mutate } = useSWR<SevaBooking[]>(apiKeys.mySevaBookings);
  return { bookings: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** POST /api/seva-bookings/{id}/cancel, then reloads the member's bookings and the slot's availability. */
export function useCancelSevaBooking() {
  const { mutate } = useSWRConfig();
  return async (booking: SevaBooking): Promise<SevaBooking> => {
    const cancelled = await api.post<SevaBooking>(`/api/seva-bookings/${booking.id}/cancel`, {});
    void mutate(apiKeys.mySevaBookings);
    void mutate(availabilityOf(booking.sevaId));
    void mutate((key: unknown) => typeof key === 'string' && key.startsWith('/api/admin/sevas/schedule'));
    return cancelled;
  };
}
