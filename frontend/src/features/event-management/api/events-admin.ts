import useSWR, { useSWRConfig } from 'swr';
import { api, downloadFile } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type {
  AttendeeWithContact,
  CreateEventBody,
  Event,
  ForceDeleteResponse,
  UpdateEventBody,
  Volunteer,
  WaitlistEntryWithContact,
} from '@/types/api';

/** POST /api/events */
export function createEvent(body: CreateEventBody): Promise<Event> {
  return api.post<Event>(apiKeys.events, body);
}

/** PATCH /api/events/{id} */
export function updateEvent(id: string, body: UpdateEventBody): Promise<Event> {
  return api.patch<Event>(apiKeys.event(id), body);
}

/** DELETE /api/events/{id}: 409 when related data exists. */
export function deleteEvent(id: string): Promise<void> {
  return api.delete(apiKeys.event(id));
}

/** DELETE /api/events/{id}/force: removes the event with its registrations, volunteers and payments. */
export function forceDeleteEvent(id: string): Promise<ForceDeleteResponse> {
  return api.delete<ForceDeleteResponse>(`${apiKeys.event(id)}/force`);
}

/** Creates an event, then reloads the events list. */
export function useCreateEvent() {
  const { mutate } = useSWRConfig();
  return async (body: CreateEventBody): Promise<Event> => {
    const created = await createEvent(body);
    await mutate(apiKeys.events);
    return created;
  };
}

/** Updates an event, then reloads it and the events list. */
export function useUpdateEvent() {
  const { mutate } = useSWRConfig();
  return async (id: string, body: UpdateEventBody): Promise<Event> => {
    const updated = await updateEvent(id, body);
    await Promise.all([mutate(apiKeys.event(id)), mutate(apiKeys.events)]);
    return updated;
  };
}

/**
 * Deletes an event (`force`: with its registrations and volunteers), reloads the events list, then
 * calls `onDeleted` with the answer (the caller leaves the event's page) and forgets the event.
 */
export function useDeleteEvent(onDeleted: (result: ForceDeleteResponse | null) => void) {
  const { mutate } = useSWRConfig();
  return async (id: string, { force }: { force: boolean }): Promise<void> => {
    const result = force ? await forceDeleteEvent(id) : (await deleteEvent(id), null);
    await mutate(apiKeys.events);
    onDeleted(result);
    void mutate(apiKeys.event(id), undefined, { revalidate: false });
  };
}

/** GET /api/events/{id}/attendees (admin): with the members' contact details. */
export function useEventAttendees(id: string) {
  const { data, error, isLoading, mutate } = useSWR<AttendeeWithContact[]>(apiKeys.eventAttendees(id));
  return { attendees: data, error: error as Error | undefined, isLoading, reload: () => void mutate() };
}

/** GET /api/events/{id}/attendees.csv and /volunteers.csv: downloads. */
export function downloadEventCsv(eventId: string, what: 'attendees' | 'volunteers'): Promise<string> {
  return downloadFile(`/api/events/${eventId}/${what}.csv`, `${what}.csv`);
}

/** GET /api/events/{id}/waitlist (admin): the waitlist in order with contact details. */
export function useEventWaitlist(id: string) {
  const { data, error, isLoading } = useSWR<WaitlistEntryWithContact[]>(apiKeys.eventWaitlist(id));
  return { waitlist: data, error: error as Error | undefined, isLoading };
}

/** GET /api/events/{id}/volunteers (admin). */
export function useEventVolunteers(id: string) {
  const { data, error, isLoading } = useSWR<Volunteer[]>(apiKeys.eventVolunteers(id));
  return { volunteers: data, error: error as Error | undefined, isLoading };
}

/** People registered = sum over registrations of (numberOfFamilyMembers + 1). */
export function totalPeople(attendees: readonly { numberOfFamilyMembers: number }[]): number {
  return attendees.reduce((sum, a) => sum + (Number(a.numberOfFamilyMembers) || 0) + 1, 0);
}
