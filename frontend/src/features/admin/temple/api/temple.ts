import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys, forPath } from '@/lib/api-keys';
import type { Priest, PriestBody, RecurringService, RecurringServiceBody } from '@/types/api';

/** GET /api/services (the admins read the same list as the home page). */
export function useAllServices() {
  const { data, error, isLoading, mutate } = useSWR<RecurringService[]>(apiKeys.services);
  return { services: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** GET /api/priests. */
export function useAllPriests() {
  const { data, error, isLoading, mutate } = useSWR<Priest[]>(apiKeys.priests);
  return { priests: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** The services list and every calendar range of occurrences. */
function useRefreshServices() {
  const { mutate } = useSWRConfig();
  return async () => {
    await mutate(forPath(apiKeys.services));
    await mutate((key: unknown) => typeof key === 'string' && key.startsWith('/api/services/occurrences'));
  };
}

/** Creates (id null) or replaces a recurring service, then reloads the lists and calendars. */
export function useSaveService() {
  const refresh = useRefreshServices();
  return async (id: string | null, body: RecurringServiceBody): Promise<RecurringService> => {
    const saved =
      id === null
        ? await api.post<RecurringService>(apiKeys.services, body)
        : await api.put<RecurringService>(`${apiKeys.services}/${id}`, body);
    await refresh();
    return saved;
  };
}

export function useDeleteService() {
  const refresh = useRefreshServices();
  return async (id: string): Promise<void> => {
    await api.delete(`${apiKeys.services}/${id}`);
    await refresh();
  };
}

/** Creates (id null) or replaces a priest, then reloads the priests. */
export function useSavePriest() {
  const { mutate } = useSWRConfig();
  return async (id: string | null, body: PriestBody): Promise<Priest> => {
    const saved = id === null ? await api.post<Priest>(apiKeys.priests, body) : await api.put<Priest>(`${apiKeys.priests}/${id}`, body);
    await mutate(forPath(apiKeys.priests));
    return saved;
  };
}

export function useDeletePriest() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    await api.delete(`${apiKeys.priests}/${id}`);
    await mutate(forPath(apiKeys.priests));
  };
}

/** Puts the priests in this order (every id once) and keeps the answer as the list. */
export function useReorderPriests() {
  const { mutate } = useSWRConfig();
  return async (ids: string[]): Promise<void> => {
    const list = await api.put<Priest[]>(`${apiKeys.priests}/order`, { ids });
    await mutate(apiKeys.priests, list, { revalidate: false });
  };
}
