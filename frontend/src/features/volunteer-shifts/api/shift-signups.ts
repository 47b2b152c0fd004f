import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { keyPath } from '@/lib/api-keys';
import type { MyShiftSignup } from '@/types/volunteer-shifts';
import { MY_VOLUNTEER_SHIFTS_PATH } from './my-volunteer-shifts';
import { volunteerPlanPath } from './volunteer-plan';

/** POST /api/volunteer-shifts/{shiftId}/signups: the member (no `familyMemberId`) or one of their family; waitlisted when full. */
export function signUpForShift(shiftId: string, familyMemberId: string | null): Promise<MyShiftSignup> {
  return api.post<MyShiftSignup>(`/api/volunteer-shifts/${encodeURIComponent(shiftId)}/signups`, familyMemberId ? { familyMemberId } : {});
}

/** DELETE /api/shift-signups/{id}: drops a sign-up before the drop cut-off. */
export function dropShiftSignup(id: string): Promise<void> {
  return api.delete(`/api/shift-signups/${encodeURIComponent(id)}`);
}

/** POST /api/shift-signups/{id}/drop-request: past the cut-off, asks the coordinator to drop it. */
export function requestShiftDrop(id: string): Promise<MyShiftSignup> {
  return api.post<MyShiftSignup>(`/api/shift-signups/${encodeURIComponent(id)}/drop-request`);
}

/** The member's own sign-ups, whatever the year or event asked for. */
function isMyShiftsKey(key: unknown): boolean {
  const k = keyPath(key);
  return k !== undefined && (k === MY_VOLUNTEER_SHIFTS_PATH || k.startsWith(`${MY_VOLUNTEER_SHIFTS_PATH}?`));
}

/**
 * What a member does with shifts. Each change, refused or not, reloads the event's plan (its
 * filled counts), the member's sign-ups (this event's and every year's) and the coordinator's
 * board of the event when it is cached (by its path: that page is another feature's).
 */
export function useShiftSignupActions(eventId: string) {
  const { mutate } = useSWRConfig();
  const reload = async () => {
    await Promise.all([
      mutate(volunteerPlanPath(eventId)),
      mutate(isMyShiftsKey),
      mutate(`/api/events/${encodeURIComponent(eventId)}/volunteer-board`),
    ]);
  };
  const after = async <T>(request: Promise<T>): Promise<T> => {
    let answer: T;
    try {
      answer = await request;
    } catch (err) {
      // A refusal may come from a change made meanwhile (the shift filled, the cut-off passed).
      void reload();
      throw err;
    }
    await reload();
    return answer;
  };
  return {
    signUp: (shiftId: string, familyMemberId: string | null) => after(signUpForShift(shiftId, familyMemberId)),
    drop: (signup: Pick<MyShiftSignup, 'id'>) => after(dropShiftSignup(signup.id)),
    askToDrop: (signup: Pick<MyShiftSignup, 'id'>) => after(requestShiftDrop(signup.id)),
  };
}
