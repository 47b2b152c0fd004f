// Festival volunteering (issue 33, ADR 0141): the generated shapes (api.gen.ts, from the server's
// OpenAPI document), with the texts the server writes narrowed to their values, and the request
// bodies as the forms send them (docs/api.md#volunteer-shifts).
import type { components } from './api.gen';

type Schemas = components['schemas'];

/** `waitlisted`: the shift was full; promoted in order when a place frees up. */
export type ShiftStatus = 'confirmed' | 'waitlisted';
export type Attendance = 'present' | 'no_show';

/** A shift as anyone sees it: how many are needed, signed up and waiting. */
export type PlanShift = Schemas['PlanShiftDto'];

export type PlanRole = Schemas['PlanRoleDto'];

/** An event's volunteer plan; `roles` is empty when the event has none. */
export type VolunteerPlan = Schemas['VolunteerPlanDto'];

/**
 * One of the caller's own sign-ups: themselves (`familyMemberId` null) or a family member.
 * `canDrop`: the member may still drop it; past the cut-off only a drop request is possible.
 * `hours`: hours counted (present only, else 0).
 */
export type MyShiftSignup = Omit<Schemas['MyShiftSignupDto'], 'status' | 'attendance'> & {
  status: ShiftStatus;
  attendance: Attendance | null;
};

export type MyVolunteering = Omit<Schemas['MyVolunteeringDto'], 'signups'> & { signups: MyShiftSignup[] };

export type BoardVolunteer = Omit<Schemas['BoardVolunteerDto'], 'status' | 'attendance'> & {
  status: ShiftStatus;
  attendance: Attendance | null;
};

/** A shift on the board: its volunteers, confirmed first, then the waitlist in order. */
export type BoardShift = PlanShift & { volunteers: BoardVolunteer[] };

export type BoardRole = Omit<Schemas['BoardRoleDto'], 'shifts'> & { shifts: BoardShift[] };

export type VolunteerBoard = Omit<Schemas['VolunteerBoardDto'], 'roles'> & { roles: BoardRole[] };

/** `POST /api/events/{id}/volunteer-roles`, `PUT /api/volunteer-roles/{id}` (all fields replaced). */
export interface RoleBody {
  name: string;
  description?: string | null;
  minAge?: number | null;
  reportTo?: string | null;
}

/** `POST /api/volunteer-roles/{id}/shifts`, `PUT /api/volunteer-shifts/{id}`. */
export interface ShiftBody {
  startsAt: string;
  endsAt: string;
  needed: number;
}

/** A member a volunteer coordinator put on an event's door (door duty for that event only). */
export type DoorStaffer = Schemas['DoorStafferDto'];

/** An event whose door the signed-in member is on. */
export type DoorDuty = Schemas['DoorDutyDto'];
