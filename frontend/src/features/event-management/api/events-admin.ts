import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { AttendeeWithContact, Event, Volunteer } from '@/types/api';

export type CreateEventBody = {
  name: string;
  description: string;
  location: string;
  eventDate: string;
  imageUrl?: string;
  capacity?: number;
};

export type UpdateEventBody = Partial<{
  name: string;
  description: string | null;
  location: string;
  eventDate: string;
  imageUrl: string;
  capacity: number | null;
}>;

export type ForceDeleteResponse = {
  message?: string;
  relatedRecords?: { attendees?: number; volunteers?: number; payments?: number };
};

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

/** GET /api/events/{id}/attendees (admin). */
export function useEventAttendees(id: string) {
  const { data, error, isLoading } = useSWR<AttendeeWithContact[]>(apiKeys.eventAttendees(id));
  return { attendees: data, error: error as Error | undefined, isLoading };
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
