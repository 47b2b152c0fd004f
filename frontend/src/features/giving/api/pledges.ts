import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import type { Fund, Pledge, PledgeBody } from '@/types/api';

/** The member's own pledges, newest first (a user-scoped key: cleared on sign-in and sign-out). */
export const MY_PLEDGES_PATH = '/api/pledges/mine';
/**
 * The active funds (`GET /api/funds`), General first, then by name. The funds feature reads the
 * same key with the same default fetcher (one cache entry); the pledge form only lists them.
 */
const ACTIVE_FUNDS_PATH = '/api/funds';

/** GET /api/pledges/mine: the member's pledges, each with what was given toward it. */
export function useMyPledges() {
  const { data, error, isLoading, mutate } = useSWR<Pledge[]>(MY_PLEDGES_PATH);
  return { pledges: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** The funds a pledge may be made to (the active ones); `enabled` false asks nothing yet. */
export function usePledgeFunds(enabled = true) {
  const { data, error, isLoading, mutate } = useSWR<Fund[]>(enabled ? ACTIVE_FUNDS_PATH : null);
  return { funds: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** POST /api/pledges/mine: makes a pledge, then reloads the member's pledges. */
export function useMakePledge() {
  const { mutate } = useSWRConfig();
  return async (body: PledgeBody): Promise<Pledge> => {
    const made = await api.post<Pledge>(MY_PLEDGES_PATH, body);
    await mutate(MY_PLEDGES_PATH);
    return made;
  };
}

/** POST /api/pledges/mine/{id}/cancel: cancels one of the member's pledges, then reloads them. */
export function useCancelPledge() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<Pledge> => {
    const cancelled = await api.post<Pledge>(`${MY_PLEDGES_PATH}/${encodeURIComponent(id)}/cancel`);
    await mutate(MY_PLEDGES_PATH);
    return cancelled;
  };
}
