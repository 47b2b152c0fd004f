import useSWR from 'swr';
import type { RecurringGift, RecurringGiftStatus } from '@/types/recurring-gifts';

/** Every recurring gift (treasurers and admins); a user-scoped key. */
export const RECURRING_GIFTS_PATH = '/api/recurring-gifts';

/** GET /api/recurring-gifts, or those of one status: `/api/recurring-gifts?status=paused`. */
export function recurringGiftsKey(status: RecurringGiftStatus | null): string {
  return status ? `${RECURRING_GIFTS_PATH}?${new URLSearchParams({ status }).toString()}` : RECURRING_GIFTS_PATH;
}

/** GET /api/recurring-gifts[?status=]: the gifts, of every donor. */
export function useRecurringGifts(status: RecurringGiftStatus | null) {
  const { data, error, isLoading, mutate } = useSWR<RecurringGift[]>(recurringGiftsKey(status));
  return { gifts: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}
