import { api } from '@/lib/api-client';
import type { DoorCheckIn, DoorScanBody } from '@/types/door';

/**
 * POST /api/events/{id}/door/scan: checks in the registration whose confirmation code a QR code
 * (or a typed code) holds, sent as read ("MANDIR:ABCD-2345"). 404 with a message for a code of no
 * registration of this event.
 */
export function postScan(eventId: string, body: DoorScanBody): Promise<DoorCheckIn> {
  return api.post<DoorCheckIn>(`/api/events/${eventId}/door/scan`, body);
}
