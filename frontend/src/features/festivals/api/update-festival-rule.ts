import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { FestivalRule, FestivalRuleBody } from '@/types/api';
import { useRefreshFestivals } from './refresh';

/** PUT /api/admin/festivals/{id}: replaces every field of a rule; the events made from it stay as they are. */
export function updateFestivalRule(id: string, body: FestivalRuleBody): Promise<FestivalRule> {
  return api.put<FestivalRule>(`${apiKeys.festivalRules}/${id}`, body);
}

/** Replaces a rule, then reloads the rules, its dates and the festivals of the calendar. */
export function useUpdateFestivalRule() {
  const refresh = useRefreshFestivals();
  return async (id: string, body: FestivalRuleBody): Promise<FestivalRule> => {
    const updated = await updateFestivalRule(id, body);
    await refresh(id);
    return updated;
  };
}
