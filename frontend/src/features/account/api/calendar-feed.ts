import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { CalendarFeed } from '@/types/api';

/** POST /api/account/calendar-feed: a new link to the personal calendar (the previous one stops working). */
export function useNewCalendarFeed() {
  const { mutate } = useSWRConfig();
  return async (): Promise<CalendarFeed> => {
    const feed = await api.post<CalendarFeed>('/api/account/calendar-feed');
    void mutate(apiKeys.account);
    return feed;
  };
}

/** DELETE /api/account/calendar-feed: the link stops working. */
export function useStopCalendarFeed() {
  const { mutate } = useSWRConfig();
  return async (): Promise<void> => {
    await api.delete('/api/account/calendar-feed');
    void mutate(apiKeys.account);
  };
}
