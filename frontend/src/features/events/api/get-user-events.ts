import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { UserEvent } from '@/types/api';
import type { UserEventCheckInCode } from '@/types/door';

export const getUserEventsKey = apiKeys.userEvents;

/** A registration of the member with what the door reads of it: its confirmation code. */
export type UserEventWithCode = UserEvent & UserEventCheckInCode;

export function getUserEvents(userId: string): Promise<UserEventWithCode[]> {
  return api.get<UserEventWithCode[]>(apiKeys.userEvents(userId));
}

/** GET /api/users/{userId}/events: the member's registrations as {event, attendee} pairs, each with its check-in code. */
export function useUserEvents(userId: string | undefined) {
  const { data, error, isLoading, mutate } = useSWR<UserEventWithCode[]>(userId ? getUserEventsKey(userId) : null, () =>
    getUserEvents(userId!),
  );
  return { userEvents: data, error: error as Error | undefined, isLoading, mutate };
}

/** GET /api/events/{id}/attendee/qr: the member's check-in QR code for the event (an SVG document), drawn by the server on demand; the code never changes, so it is not fetched again. */
export function useCheckInQr(eventId: string) {
  const { data, error, isLoading } = useSWR<string>(apiKeys.eventAttendeeQr(eventId), (key: string) => api.get<string>(key), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  return { svg: data, error: error as Error | undefined, isLoading };
}
