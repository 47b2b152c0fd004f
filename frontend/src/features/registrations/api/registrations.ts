import useSWR, { useSWRConfig } from 'swr';
import { api, ApiError } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import { useAuth } from '@/lib/auth';
import type { Attendee, RegistrationBody, WaitlistEntry } from '@/types/api';

/** POST /api/events/{id}/register */
export function registerForEvent(eventId: string, body: RegistrationBody): Promise<Attendee> {
  return api.post<Attendee>(`/api/events/${eventId}/register`, body);
}

/** PUT /api/events/{id}/attendee */
export function updateAttendee(eventId: string, body: RegistrationBody): Promise<Attendee> {
  return api.put<Attendee>(apiKeys.eventAttendee(eventId), body);
}

/** GET /api/events/{id}/attendee: the member's own registration, null when not registered (404). */
export async function getMyAttendee(eventId: string): Promise<Attendee | null> {
  try {
    return await api.get<Attendee>(apiKeys.eventAttendee(eventId));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** POST /api/events/{id}/waitlist: joins a full event's waitlist with the member's party. */
export function joinWaitlist(eventId: string, body: RegistrationBody): Promise<WaitlistEntry> {
  return api.post<WaitlistEntry>(apiKeys.eventWaitlist(eventId), body);
}

/** GET /api/events/{id}/waitlist/me: the member's waitlist entry, null when not waiting (404). */
export async function getMyWaitlistEntry(eventId: string): Promise<WaitlistEntry | null> {
  try {
    return await api.get<WaitlistEntry>(apiKeys.eventMyWaitlistEntry(eventId));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useMyWaitlistEntry(eventId: string, enabled: boolean) {
  const { data, error, isLoading } = useSWR<WaitlistEntry | null>(enabled ? apiKeys.eventMyWaitlistEntry(eventId) : null, () =>
    getMyWaitlistEntry(eventId),
  );
  return { entry: data, error: error as Error | undefined, isLoading };
}

/** Joins the waitlist, then reloads the member's entry and the admins' list. */
export function useJoinWaitlist() {
  const { mutate } = useSWRConfig();
  return async (eventId: string, body: RegistrationBody): Promise<WaitlistEntry> => {
    const entry = await joinWaitlist(eventId, body);
    void mutate(apiKeys.eventMyWaitlistEntry(eventId), entry, { revalidate: false });
    void mutate(apiKeys.eventWaitlist(eventId));
    return entry;
  };
}

/** DELETE /api/events/{id}/waitlist/me, then reloads the member's entry and the admins' list. */
export function useLeaveWaitlist() {
  const { mutate } = useSWRConfig();
  return async (eventId: string): Promise<void> => {
    await api.delete(apiKeys.eventMyWaitlistEntry(eventId));
    void mutate(apiKeys.eventMyWaitlistEntry(eventId), null, { revalidate: false });
    void mutate(apiKeys.eventWaitlist(eventId));
  };
}

/**
 * Registers for an event ('register') or updates the registration ('update'), then reloads the
 * registration, the event and the events list (their attendee counts) and the member's events.
 */
export function useSaveRegistration() {
  const { mutate } = useSWRConfig();
  const { user } = useAuth();
  return async (eventId: string, mode: 'register' | 'update', body: RegistrationBody): Promise<Attendee> => {
    const saved = mode === 'update' ? await updateAttendee(eventId, body) : await registerForEvent(eventId, body);
    void mutate(apiKeys.eventAttendee(eventId));
    void mutate(apiKeys.event(eventId));
    void mutate(apiKeys.events);
    if (user) void mutate(apiKeys.userEvents(user.id));
    return saved;
  };
}

/** DELETE /api/events/{id}/attendee: cancels the member's own registration (until the event starts). */
export function cancelRegistration(eventId: string): Promise<void> {
  return api.delete(apiKeys.eventAttendee(eventId));
}

/**
 * Cancels the member's registration, then reloads what shows it: the registration, the event and
 * the events list (their attendee counts) and the member's events.
 */
export function useCancelRegistration() {
  const { mutate } = useSWRConfig();
  const { user } = useAuth();
  return async (eventId: string): Promise<void> => {
    await cancelRegistration(eventId);
    void mutate(apiKeys.eventAttendee(eventId), null, { revalidate: false });
    void mutate(apiKeys.eventWaitlist(eventId));
    void mutate(apiKeys.event(eventId));
    void mutate(apiKeys.events);
    if (user) void mutate(apiKeys.userEvents(user.id));
  };
}

export function useMyAttendee(eventId: string, enabled: boolean) {
  const { data, error, isLoading } = useSWR<Attendee | null>(enabled ? apiKeys.eventAttendee(eventId) : null, () =>
    getMyAttendee(eventId),
  );
  return { attendee: data, error: error as Error | undefined, isLoading };
}
