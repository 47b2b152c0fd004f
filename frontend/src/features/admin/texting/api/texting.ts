import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { TextingOverview } from '@/types/api';

/** GET /api/admin/texting: the provider, this month's count against the cap, the latest texts. */
export function useTextingOverview() {
  const { data, error, isLoading, mutate } = useSWR<TextingOverview>(apiKeys.adminTexting, () =>
    api.get<TextingOverview>(apiKeys.adminTexting),
  );
  return { overview: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, retry: () => void mutate() };
}

/** PUT /api/admin/texting: answers the overview, stored as GET's data. */
export function useSetTextingCap() {
  const { mutate } = useSWRConfig();
  return async (monthlyCap: number): Promise<TextingOverview> => {
    const overview = await api.put<TextingOverview>(apiKeys.adminTexting, { monthlyCap });
    void mutate(apiKeys.adminTexting, overview, { revalidate: false });
    return overview;
  };
}
