import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { ChangeEmailBody, MessageResponse } from '@/types/api';

/** POST /api/account/email (202): the new address gets a confirmation link, the old one a notice. */
export function useChangeEmail() {
  const { mutate } = useSWRConfig();
  return async (body: ChangeEmailBody): Promise<MessageResponse> => {
    const answer = await api.post<MessageResponse>('/api/account/email', body);
    void mutate(apiKeys.account);
    return answer;
  };
}
