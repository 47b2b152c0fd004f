import useSWR from 'swr';
import type { MyVolunteering } from '@/types/volunteer-shifts';

/**
 * The member's own sign-ups (themselves and their family): `GET /api/account/volunteer-shifts`
 * with `?year=` (the year's, with its hours) or `?eventId=` (one event's). Under `/api/account`, so
 * a user-scoped key (cleared on sign-in and sign-out, lib/api-keys.ts).
 */
export const MY_VOLUNTEER_SHIFTS_PATH = '/api/account/volunteer-shifts';

export const myShiftsForEventPath = (eventId: string) => `${MY_VOLUNTEER_SHIFTS_PATH}?${new URLSearchParams({ eventId }).toString()}`;
export const myShiftsForYearPath = (year: number) => `${MY_VOLUNTEER_SHIFTS_PATH}?year=${year}`;

/** The member's sign-ups for one event (`enabled`: signed in with a verified e-mail). */
export function useMyEventShifts(eventId: string, enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<MyVolunteering>(enabled && eventId ? myShiftsForEventPath(eventId) : null);
  return { mine: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** The member's sign-ups of a year, with the hours counted (present only). */
export function useMyYearShifts(year: number) {
  const { data, error, isLoading, mutate } = useSWR<MyVolunteering>(myShiftsForYearPath(year));
  return { volunteering: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}
