import useSWR, { useSWRConfig } from 'swr';
import { api, ApiError } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import { useAuth } from '@/lib/auth';
import type { UserVolunteering, Volunteer, VolunteerBody, VolunteerCount } from '@/types/api';

/** GET /api/events/{id}/volunteers/me: null when the member is not volunteering (404). */
export async function getMyVolunteer(eventId: string): Promise<Volunteer | null> {
  try {
    return await api.get<Volunteer>(apiKeys.eventMyVolunteer(eventId));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useMyVolunteer(eventId: string, enabled: boolean) {
  const { data, error, isLoading } = useSWR<Volunteer | null>(enabled ? apiKeys.eventMyVolunteer(eventId) : null, () =>
    getMyVolunteer(eventId),
  );
  return { volunteer: data, error: error as Error | undefined, isLoading };
}

/** POST /api/events/{id}/volunteers. The body repeats the event's id, which the server ignores. */
export function createVolunteer(body: VolunteerBody & { eventId: string }): Promise<Volunteer> {
  return api.post<Volunteer>(`/api/events/${body.eventId}/volunteers`, body);
}

/** DELETE /api/events/{id}/volunteers/{volunteerId} */
export function cancelVolunteer(eventId: string, volunteerId: string): Promise<void> {
  return api.delete(`/api/events/${eventId}/volunteers/${volunteerId}`);
}

/** GET /api/events/{id}/volunteers/count (public). */
export function useVolunteerCount(eventId: string) {
  const { data } = useSWR<VolunteerCount>(apiKeys.eventVolunteerCount(eventId), () =>
    api.get<VolunteerCount>(apiKeys.eventVolunteerCount(eventId)),
  );
  return data?.count;
}

/** GET /api/users/{userId}/volunteering: the member's volunteer records with their events. */
export function useUserVolunteering(userId: string | undefined) {
  const { data, error, isLoading } = useSWR<UserVolunteering[]>(userId ? apiKeys.userVolunteering(userId) : null, () =>
    api.get<UserVolunteering[]>(apiKeys.userVolunteering(userId!)),
  );
  return { volunteering: data, error: error as Error | undefined, isLoading };
}

/** Reloads the event's volunteer data: the member's record, the count, the admin list and the member's list. */
function useReloadVolunteers() {
  const { mutate } = useSWRConfig();
  const { user } = useAuth();
  return (eventId: string) => {
    if (user) void mutate(apiKeys.userVolunteering(user.id));
    void mutate(apiKeys.eventMyVolunteer(eventId));
    void mutate(apiKeys.eventVolunteerCount(eventId));
    void mutate(apiKeys.eventVolunteers(eventId));
  };
}

/** Signs the member up as a volunteer, then reloads the event's volunteer data. */
export function useCreateVolunteer() {
  const reload = useReloadVolunteers();
  return async (body: VolunteerBody & { eventId: string }): Promise<Volunteer> => {
    const created = await createVolunteer(body);
    reload(body.eventId);
    return created;
  };
}

/** Cancels the member's volunteering, then reloads the event's volunteer data. */
export function useCancelVolunteer() {
  const reload = useReloadVolunteers();
  return async (eventId: string, volunteerId: string): Promise<void> => {
    await cancelVolunteer(eventId, volunteerId);
    reload(eventId);
  };
}
