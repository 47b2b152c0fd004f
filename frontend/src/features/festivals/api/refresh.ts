import { useSWRConfig } from 'swr';
import { apiKeys, forPath, keyPath } from '@/lib/api-keys';

/**
 * After a rule changes: the rules list, the rule's previews (every year range) and the public
 * festivals of every year (the panchangam's, refreshed by path: `/api/festivals?year=`).
 */
export function useRefreshFestivals() {
  const { mutate } = useSWRConfig();
  return async (id?: string) => {
    const preview = id ? `${apiKeys.festivalRules}/${id}/events?` : null;
    await Promise.all([
      mutate(forPath(apiKeys.festivalRules)),
      mutate((key: unknown) => {
        const path = keyPath(key);
        return path !== undefined && (path.startsWith('/api/festivals?') || (preview !== null && path.startsWith(preview)));
      }),
    ]);
  };
}
