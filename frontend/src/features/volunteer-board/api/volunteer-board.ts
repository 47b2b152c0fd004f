import useSWR, { useSWRConfig } from 'swr';
import { api, downloadFile } from '@/lib/api-client';
import { keyPath } from '@/lib/api-keys';
import type { Event } from '@/types/api';
import type {
  Attendance,
  BoardVolunteer,
  DoorStaffer,
  PlanRole,
  PlanShift,
  RoleBody,
  ShiftBody,
  VolunteerBoard,
  VolunteerPlan,
} from '@/types/volunteer-shifts';

// The coordinator's side of festival volunteering (issue 33; permission `manage_volunteers`):
// the event's board, its plan's roles and shifts, moves, attendance, drop requests and messages.

const id = (value: string) => encodeURIComponent(value);

/** GET /api/events/{id}/volunteer-board: the roles and shifts with their volunteers (staff data, read afresh on each visit). */
export const boardKey = (eventId: string) => `/api/events/${id(eventId)}/volunteer-board`;
/** The public plan (read by the members' sign-up pages): refreshed by its path after a change here. */
const planPath = (eventId: string) => `/api/events/${id(eventId)}/volunteer-plan`;
/** The members' own sign-ups (`?year=`, `?eventId=`): a move or a drop changes them. */
const MY_SHIFTS_PATH = '/api/account/volunteer-shifts';
/**
 * Every event (`GET /api/events`, past ones too, by date): the events feature reads the same key
 * with the same plain GET (one cache entry); here it only lists the events to copy a plan from.
 */
const EVENTS_PATH = '/api/events';

/** The keys a change of the plan or of a sign-up can change: the board, the plan, members' own shifts. */
function isVolunteeringKey(eventId: string) {
  const board = boardKey(eventId);
  const plan = planPath(eventId);
  return (key: unknown) => {
    const k = keyPath(key);
    return k === board || k === plan || Boolean(k?.startsWith(MY_SHIFTS_PATH));
  };
}

/** The board of an event, read afresh each time the page opens (several coordinators change it, and members sign up). */
export function useVolunteerBoard(eventId: string) {
  const { data, error, isLoading, mutate } = useSWR<VolunteerBoard>(eventId ? boardKey(eventId) : null, { revalidateOnMount: true });
  return { board: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** Every event, to choose the one whose plan to copy. */
export function useEventChoices() {
  const { data, error, isLoading, mutate } = useSWR<Event[]>(EVENTS_PATH);
  return { events: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** Runs a change, then reloads the board (and the plan and members' shifts) before answering. */
function useReload(eventId: string) {
  const { mutate } = useSWRConfig();
  return async <T>(change: Promise<T>): Promise<T> => {
    const answer = await change;
    await mutate(isVolunteeringKey(eventId));
    return answer;
  };
}

/** The plan's changes; each reloads the board. */
export function usePlanActions(eventId: string) {
  const reload = useReload(eventId);
  return {
    /** POST /api/events/{id}/volunteer-roles, or PUT /api/volunteer-roles/{roleId} (every field replaced). */
    saveRole: (roleId: string | null, body: RoleBody) =>
      reload(roleId ? api.put<PlanRole>(`/api/volunteer-roles/${id(roleId)}`, body) : api.post<PlanRole>(`/api/events/${id(eventId)}/volunteer-roles`, body)),
    /** DELETE /api/volunteer-roles/{roleId} (409 while it has volunteers). */
    deleteRole: (roleId: string) => reload(api.delete(`/api/volunteer-roles/${id(roleId)}`)),
    /** POST /api/volunteer-roles/{roleId}/shifts, or PUT /api/volunteer-shifts/{shiftId} (a bigger shift confirms its waitlist). */
    saveShift: (roleId: string, shiftId: string | null, body: ShiftBody) =>
      reload(shiftId ? api.put<PlanShift>(`/api/volunteer-shifts/${id(shiftId)}`, body) : api.post<PlanShift>(`/api/volunteer-roles/${id(roleId)}/shifts`, body)),
    /** DELETE /api/volunteer-shifts/{shiftId} (409 while it has volunteers). */
    deleteShift: (shiftId: string) => reload(api.delete(`/api/volunteer-shifts/${id(shiftId)}`)),
    /** PUT /api/events/{id}/volunteer-plan: the hours before a shift after which members only ask to drop it. */
    setDropCutoff: (dropCutoffHours: number) => reload(api.put<VolunteerPlan>(planPath(eventId), { dropCutoffHours })),
    /** POST /api/events/{id}/volunteer-plan/copy: an earlier event's roles and shifts, moved to this event's dates. */
    copyFrom: (fromEventId: string) => reload(api.post<VolunteerPlan>(`${planPath(eventId)}/copy`, { fromEventId })),
  };
}

const signupPath = (signupId: string, suffix = '') => `/api/shift-signups/${id(signupId)}${suffix}`;

/** What the coordinator does with a volunteer's sign-up; each reloads the board. */
export function useSignupActions(eventId: string) {
  const reload = useReload(eventId);
  return {
    /** PUT /api/shift-signups/{id}/shift: moves the volunteer to another shift. */
    move: (signupId: string, shiftId: string) => reload(api.put<BoardVolunteer>(signupPath(signupId, '/shift'), { shiftId })),
    /** PUT /api/shift-signups/{id}/attendance: present, no-show, or not marked (null). */
    setAttendance: (signupId: string, attendance: Attendance | null) =>
      reload(api.put<BoardVolunteer>(signupPath(signupId, '/attendance'), { attendance })),
    /** DELETE /api/shift-signups/{id}: drops the volunteer (approving a drop request). */
    drop: (signupId: string) => reload(api.delete(signupPath(signupId))),
    /** POST /api/shift-signups/{id}/drop-request/decline: keeps the volunteer on the shift. */
    declineDrop: (signupId: string) => reload(api.post<BoardVolunteer>(signupPath(signupId, '/drop-request/decline'))),
  };
}

export type MessageBody = { shiftId?: string; roleId?: string; subject: string; body: string };

/** POST /api/events/{id}/volunteer-messages: e-mails a shift's or a role's confirmed volunteers; answers how many were queued. */
export function sendVolunteerMessage(eventId: string, message: MessageBody): Promise<{ queued: number }> {
  return api.post<{ queued: number }>(`/api/events/${id(eventId)}/volunteer-messages`, message);
}

/** GET /api/volunteer-shifts/{id}/sign-in-sheet: the shift's sign-in sheet as a CSV download. */
export function downloadSignInSheet(shiftId: string, fileName: string): Promise<string> {
  return downloadFile(`/api/volunteer-shifts/${id(shiftId)}/sign-in-sheet`, fileName);
}

/** The event's door staff (GET /api/events/{id}/door-staff), putting members on the door and taking them off. */
export function useDoorStaff(eventId: string) {
  const key = `/api/events/${id(eventId)}/door-staff`;
  const { data, error, isLoading, mutate } = useSWR<DoorStaffer[]>(eventId ? key : null, { revalidateOnMount: true });
  return {
    staff: data,
    error: error as Error | undefined,
    isLoading: isLoading && data === undefined,
    refresh: () => mutate(),
    grant: async (email: string) => {
      await mutate(await api.post<DoorStaffer[]>(key, { email }), { revalidate: false });
    },
    revoke: async (userId: string) => {
      await api.delete(`${key}/${id(userId)}`);
      await mutate();
    },
  };
}
