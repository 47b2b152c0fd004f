import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { AccountSettings } from '@/types/api';

/** GET /api/account: reminders, the calendar link's date, a pending address. */
export function getAccountSettings(): Promise<AccountSettings> {
  return api.get<AccountSettings>(apiKeys.account);
}

export function useAccountSettings() {
  const { data, error, isLoading, mutate } = useSWR<AccountSettings>(apiKeys.account, getAccountSettings);
  return { settings: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, retry: () => void mutate() };
}

/** PUT /api/account/reminders: answers the settings, stored as GET /api/account's data. */
export function useSetReminders() {
  const { mutate } = useSWRConfig();
  return async (enabled: boolean): Promise<AccountSettings> => {
    const settings = await api.put<AccountSettings>('/api/account/reminders', { enabled });
    void mutate(apiKeys.account, settings, { revalidate: false });
    return settings;
  };
}
