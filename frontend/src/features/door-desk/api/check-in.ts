import { api } from '@/lib/api-client';
import type { DoorCheckIn, DoorCheckInBody } from '@/types/door';

/**
 * PUT /api/events/{id}/attendees/{attendeeId}/check-in: checks a registration in with `people`
 * (1..99, default the registered people), or undoes its check-in. `already` in the answer: it had
 * been checked in before and nothing changed.
 */
export function putCheckIn(eventId: string, attendeeId: string, body: DoorCheckInBody): Promise<DoorCheckIn> {
  return api.put<DoorCheckIn>(`/api/events/${eventId}/attendees/${attendeeId}/check-in`, body);
}
