import useSWR from 'swr';
import type { DoorDuty } from '@/types/volunteer-shifts';

/** GET /api/account/door-duty: the events (from yesterday on) whose door a coordinator put the member on. */
export const MY_DOOR_DUTY_PATH = '/api/account/door-duty';

/** The member's door duties; `enabled` false (signed out, or on every door by role) asks nothing. */
export function useMyDoorDuties(enabled: boolean) {
  const { data, error, isLoading } = useSWR<DoorDuty[]>(enabled ? MY_DOOR_DUTY_PATH : null);
  return { duties: data, error: error as Error | undefined, isLoading: enabled && isLoading && data === undefined };
}
