import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { Seva, SevaBody, SevaSettings, SevaSettingsBody } from '@/types/api';

/** GET /api/sevas?all=true: every seva, inactive ones too (admins). */
export function useAllSevas() {
  const { data, error, isLoading, mutate } = useSWR<Seva[]>(apiKeys.allSevas);
  return { sevas: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** The admins' list, the public list, the seva's page and its availability. */
function useRefreshSevas() {
  const { mutate } = useSWRConfig();
  return async (id?: string) => {
    await mutate(apiKeys.allSevas);
    await mutate(apiKeys.sevas);
    if (id) await mutate((key: unknown) => typeof key === 'string' && key.startsWith(apiKeys.seva(id)));
  };
}

/** Creates (id null) or replaces a seva, then reloads the lists. */
export function useSaveSeva() {
  const refresh = useRefreshSevas();
  return async (id: string | null, body: SevaBody): Promise<Seva> => {
    const saved = id === null ? await api.post<Seva>(apiKeys.sevas, body) : await api.put<Seva>(apiKeys.seva(id), body);
    await refresh(saved.id);
    return saved;
  };
}

export function useDeleteSeva() {
  const refresh = useRefreshSevas();
  return async (id: string): Promise<void> => {
    await api.delete(apiKeys.seva(id));
    await refresh(id);
  };
}

/** GET /api/seva-settings (the same read as the booking pages). */
export function useSevaSettingsForAdmin() {
  const { data, error, isLoading, mutate } = useSWR<SevaSettings>(apiKeys.sevaSettings);
  return { settings: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** PUT /api/seva-settings, keeping the answer as the settings. */
export function useSaveSevaSettings() {
  const { mutate } = useSWRConfig();
  return async (body: SevaSettingsBody): Promise<SevaSettings> => {
    const saved = await api.put<SevaSettings>(apiKeys.sevaSettings, body);
    await mutate(apiKeys.sevaSettings, saved, { revalidate: false });
    return saved;
  };
}
