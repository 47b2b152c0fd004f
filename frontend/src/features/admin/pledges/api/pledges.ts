import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { keyPath } from '@/lib/api-keys';
import type { PledgeReminders, PledgeRemindersBody, PledgeWithMember } from '@/types/api';

/** Every member's pledges (treasurers and admins); a user-scoped key. */
export const PLEDGES_PATH = '/api/pledges';
export const PLEDGE_REMINDERS_PATH = '/api/pledges/reminders';

/** GET /api/pledges, or one fund's: `/api/pledges?fundId=<id>`. */
export function pledgesKey(fundId: string | null): string {
  return fundId ? `${PLEDGES_PATH}?${new URLSearchParams({ fundId }).toString()}` : PLEDGES_PATH;
}

/** A key of the treasurers' list, of every fund or of one (not the member's own `/api/pledges/mine`). */
function isPledgeListKey(key: unknown): boolean {
  const k = keyPath(key);
  return k === PLEDGES_PATH || Boolean(k?.startsWith(`${PLEDGES_PATH}?`));
}

/** GET /api/pledges[?fundId=]: the pledges, active and cancelled, by fund then member name. */
export function usePledges(fundId: string | null) {
  const { data, error, isLoading, mutate } = useSWR<PledgeWithMember[]>(pledgesKey(fundId));
  return { pledges: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/**
 * POST /api/pledges/reminders: e-mails the members whose active pledge (of the fund, when one is
 * given) has started, has not ended and still has an amount to give, at most once a pledge a day;
 * then reloads the lists (their "Last reminded").
 */
export function useSendPledgeReminders() {
  const { mutate } = useSWRConfig();
  return async (fundId: string | null): Promise<PledgeReminders> => {
    const body: PledgeRemindersBody = fundId ? { fundId } : {};
    const result = await api.post<PledgeReminders>(PLEDGE_REMINDERS_PATH, body);
    await mutate(isPledgeListKey);
    return result;
  };
}

const giftsPath = (pledgeId: string) => `${PLEDGES_PATH}/${encodeURIComponent(pledgeId)}/gifts`;

/**
 * POST /api/pledges/{id}/gifts and DELETE /api/pledges/{id}/gifts/{paymentId}: counts a counter
 * gift toward a pledge by its receipt number, or stops counting it; then reloads the lists.
 */
export function usePledgeGifts() {
  const { mutate } = useSWRConfig();
  const reload = async (answer: PledgeWithMember) => {
    await mutate(isPledgeListKey);
    return answer;
  };
  return {
    count: async (pledgeId: string, receiptNumber: string) =>
      reload(await api.post<PledgeWithMember>(giftsPath(pledgeId), { receiptNumber })),
    uncount: async (pledgeId: string, paymentId: string) =>
      reload(await api.delete<PledgeWithMember>(`${giftsPath(pledgeId)}/${encodeURIComponent(paymentId)}`)),
  };
}
