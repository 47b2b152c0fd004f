// The check-in desk's API (docs/api.md, ADR 0142), named for the rest of the code. Every shape
// comes from api.gen.ts, generated from the server's OpenAPI document (`just api-types`).
import type { components } from './api.gen';

type Schemas = components['schemas'];

/** A registration or a walk-in as the door sees it (names, party, code, a phone's last digits). */
export type DoorEntry = Schemas['DoorEntryDto'];
/** The event's door count; checked-in figures include walk-ins. */
export type DoorCount = Schemas['DoorCountDto'];
/** `GET /api/events/{id}/door/search?q=`: at most 20 matches, or the 20 latest check-ins for an empty q. */
export type DoorSearch = Schemas['DoorViewDto'];
/** `GET /api/events/{id}/door/changes?after=&wait=`: the entries changed since `after`, oldest first. */
export type DoorChanges = Schemas['DoorViewDto'];
/** A check-in's answer; `already`: the party had been checked in before and nothing changed. */
export type DoorCheckIn = Schemas['DoorCheckInDto'];
/** `PUT /api/events/{id}/attendees/{attendeeId}/check-in` (people 1..99, default: the registered people). */
export type DoorCheckInBody = Schemas['CheckInRequest'];
/** `POST /api/events/{id}/door/scan`: the decoded QR text as-is ("MANDIR:ABCD-2345"). */
export type DoorScanBody = Schemas['ScanRequest'];
/** `POST /api/events/{id}/walk-ins` (names 2..100 characters, people 1..99) → 201 DoorEntry. */
export type WalkInBody = Schemas['WalkInRequest'];

/** What `GET /api/users/{userId}/events` items carry for the door: the registration's confirmation code (its QR code is drawn on demand). */
export type UserEventCheckInCode = {
  attendee: Pick<Schemas['AttendeeDto'], 'confirmationCode'>;
};
