import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys, keyPath } from '@/lib/api-keys';
import type { Notice, NoticeBody, SiteSettings, SiteSettingsBody } from '@/types/api';

/**
 * PUT /api/admin/site, then reloads GET /api/site and /api/config (name and Zelle come from the
 * settings) and any panchangam or festivals read (the temple's place and zone set their times and days).
 */
export function useSaveSiteSettings() {
  const { mutate } = useSWRConfig();
  return async (body: SiteSettingsBody): Promise<SiteSettings> => {
    const saved = await api.put<SiteSettings>('/api/admin/site', body);
    const panchangam = (key: unknown) => {
      const path = keyPath(key);
      return path !== undefined && (path.startsWith(apiKeys.panchangam()) || path.startsWith('/api/festivals'));
    };
    await Promise.all([mutate(apiKeys.site), mutate(apiKeys.config), mutate(panchangam)]);
    return saved;
  };
}

/** GET /api/admin/notices: every notice, latest start first. */
export function useAdminNotices() {
  const { data, error, isLoading } = useSWR<Notice[]>(apiKeys.adminNotices);
  return { notices: data, error: error as Error | undefined, isLoading };
}

/** Creates (id null) or replaces a notice, then reloads the admin list and the public site. */
export function useSaveNotice() {
  const { mutate } = useSWRConfig();
  return async (id: string | null, body: NoticeBody): Promise<Notice> => {
    const saved =
      id === null ? await api.post<Notice>(apiKeys.adminNotices, body) : await api.put<Notice>(`${apiKeys.adminNotices}/${id}`, body);
    await Promise.all([mutate(apiKeys.adminNotices), mutate(apiKeys.site)]);
    return saved;
  };
}

export function useDeleteNotice() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    await api.delete(`${apiKeys.adminNotices}/${id}`);
    await Promise.all([mutate(apiKeys.adminNotices), mutate(apiKeys.site)]);
  };
}
