import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys, forPath, keyPath } from '@/lib/api-keys';
import type { FestivalEventsBody, FestivalEventsMade } from '@/types/api';

/**
 * POST /api/admin/festivals/{id}/events (201): one event per date, named after the festival, in one
 * transaction; dates that have their event or have passed are left out. 409 when someone made
 * some of them meanwhile.
 */
export function makeFestivalEvents(id: string, body: FestivalEventsBody): Promise<FestivalEventsMade> {
  return api.post<FestivalEventsMade>(`${apiKeys.festivalRules}/${id}/events`, body);
}

/**
 * Makes the events, then reloads the rule's dates and the events list (another feature's key,
 * refreshed by its path). The dates are reloaded after a refusal too: a 409 means they changed.
 */
export function useMakeFestivalEvents() {
  const { mutate } = useSWRConfig();
  return async (id: string, body: FestivalEventsBody): Promise<FestivalEventsMade> => {
    const preview = `${apiKeys.festivalRules}/${id}/events?`;
    const refreshPreview = () => mutate((key: unknown) => keyPath(key)?.startsWith(preview) ?? false);
    try {
      const made = await makeFestivalEvents(id, body);
      await Promise.all([refreshPreview(), mutate(forPath(apiKeys.events))]);
      return made;
    } catch (err) {
      void refreshPreview();
      throw err;
    }
  };
}
