import { api } from '@/lib/api-client';
import type { DoorEntry, WalkInBody } from '@/types/door';

/**
 * POST /api/events/{id}/walk-ins: adds a walk-in, checked in at once (201). 409 when the event has
 * no room, or when the member the e-mail or phone matched is registered already.
 */
export function postWalkIn(eventId: string, body: WalkInBody): Promise<DoorEntry> {
  return api.post<DoorEntry>(`/api/events/${eventId}/walk-ins`, body);
}

/** DELETE /api/events/{id}/walk-ins/{walkInId}: takes off a walk-in added by mistake (204). */
export function deleteWalkIn(eventId: string, walkInId: string): Promise<void> {
  return api.delete(`/api/events/${eventId}/walk-ins/${walkInId}`);
}
