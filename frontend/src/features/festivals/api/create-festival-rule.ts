import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { FestivalRule, FestivalRuleBody } from '@/types/api';
import { useRefreshFestivals } from './refresh';

/** POST /api/admin/festivals: adds a festival's rule (201); 400 with a message per field. */
export function createFestivalRule(body: FestivalRuleBody): Promise<FestivalRule> {
  return api.post<FestivalRule>(apiKeys.festivalRules, body);
}

/** Adds a rule, then reloads the rules and the festivals of the calendar. */
export function useCreateFestivalRule() {
  const refresh = useRefreshFestivals();
  return async (body: FestivalRuleBody): Promise<FestivalRule> => {
    const created = await createFestivalRule(body);
    await refresh();
    return created;
  };
}
