import useSWR from 'swr';
import type { VolunteerPlan } from '@/types/volunteer-shifts';

/**
 * GET /api/events/{eventId}/volunteer-plan (anyone): the event's roles and shifts with how many are
 * filled; `roles` is empty when the event has no plan. The key is kept here rather than in
 * lib/api-keys.ts, which is part of the entry, whose size is budgeted (docs/architecture.md#budgets);
 * the coordinator's board refreshes it by this path.
 */
export const volunteerPlanPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/volunteer-plan`;

export function useVolunteerPlan(eventId: string) {
  const { data, error, isLoading, mutate } = useSWR<VolunteerPlan>(eventId ? volunteerPlanPath(eventId) : null);
  return { plan: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}
