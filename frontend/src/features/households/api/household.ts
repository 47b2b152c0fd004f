import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import type { Household, HouseholdBody, HouseholdOverview } from '@/types/api';

/** The member's household and the invitations to their address (a user-scoped key). */
export const MY_HOUSEHOLD_PATH = '/api/household';

/** A joint statement changes with the household: the member's statements are read again. */
const isStatementKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/payments/mine/statements');

/** GET /api/household. */
export function useMyHousehold() {
  const { data, error, isLoading, mutate } = useSWR<HouseholdOverview>(MY_HOUSEHOLD_PATH);
  return { overview: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/**
 * The household's actions; each answers what the server answered and refreshes the household
 * (and the member's statements, which a joint household changes).
 */
export function useHouseholdActions() {
  const { mutate } = useSWRConfig();
  const done = async <T>(answer: T): Promise<T> => {
    await Promise.all([mutate(MY_HOUSEHOLD_PATH), mutate(isStatementKey, undefined, { revalidate: true })]);
    return answer;
  };
  const invitation = (id: string, action = '') => `${MY_HOUSEHOLD_PATH}/invitations/${encodeURIComponent(id)}${action}`;
  return {
    create: async (body: HouseholdBody) => done(await api.post<Household>(MY_HOUSEHOLD_PATH, body)),
    update: async (body: HouseholdBody) => done(await api.put<Household>(MY_HOUSEHOLD_PATH, body)),
    leave: async () => done(await api.post<void>(`${MY_HOUSEHOLD_PATH}/leave`)),
    invite: async (email: string) => done(await api.post<Household>(`${MY_HOUSEHOLD_PATH}/invitations`, { email })),
    cancelInvitation: async (id: string) => done(await api.delete<Household>(invitation(id))),
    accept: async (id: string) => done(await api.post<Household>(invitation(id, '/accept'))),
    decline: async (id: string) => done(await api.post<void>(invitation(id, '/decline'))),
  };
}
