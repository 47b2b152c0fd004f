import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { TextChannel, TextKind, Texting } from '@/types/api';

/** What a member agrees to be texted about, and how (PUT /api/account/texting, and with a code). */
export type TextPreferences = { kinds: TextKind[]; channel: TextChannel; timeZone: string };

/** GET /api/account/texting: the verified number, a number waiting for its code, the consent. */
export function useTexting() {
  const { data, error, isLoading, mutate } = useSWR<Texting>(apiKeys.texting, () => api.get<Texting>(apiKeys.texting));
  return { texting: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, retry: () => void mutate() };
}

/** The texting calls; each answers the settings, stored as GET's data. */
export function useTextingActions() {
  const { mutate } = useSWRConfig();
  const keep = (texting: Texting) => {
    void mutate(apiKeys.texting, texting, { revalidate: false });
    return texting;
  };
  return {
    sendCode: async (phone: string, channel: TextChannel) => keep(await api.post<Texting>(`${apiKeys.texting}/code`, { phone, channel })),
    verify: async (code: string, preferences: TextPreferences) =>
      keep(await api.post<Texting>(`${apiKeys.texting}/verify`, { code, ...preferences })),
    update: async (preferences: TextPreferences) => keep(await api.put<Texting>(apiKeys.texting, preferences)),
    remove: async () => keep(await api.delete<Texting>(apiKeys.texting)),
  };
}
