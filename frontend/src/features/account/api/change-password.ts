import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import { useAuth } from '@/lib/auth';
import type { ChangePasswordBody, ChangePasswordResult } from '@/types/api';

/** POST /api/account/password: every session ends; the answer carries this browser's new token. */
export function changePassword(body: ChangePasswordBody): Promise<ChangePasswordResult> {
  return api.post<ChangePasswordResult>('/api/account/password', body);
}

/** Changes the password and keeps this browser signed in with the new token. */
export function useChangePassword() {
  const { signIn } = useAuth();
  const { mutate } = useSWRConfig();
  return async (body: ChangePasswordBody): Promise<void> => {
    const { token, user } = await changePassword(body);
    signIn(token, user);
    void mutate(apiKeys.me, user, { revalidate: false });
  };
}
