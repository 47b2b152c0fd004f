import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import { useRefreshFestivals } from './refresh';

/** DELETE /api/admin/festivals/{id} (204): the rule goes; the events made from it stay. */
export function deleteFestivalRule(id: string): Promise<void> {
  return api.delete(`${apiKeys.festivalRules}/${id}`);
}

export function useDeleteFestivalRule() {
  const refresh = useRefreshFestivals();
  return async (id: string): Promise<void> => {
    await deleteFestivalRule(id);
    await refresh(id);
  };
}
