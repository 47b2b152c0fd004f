import { api } from '@/lib/api-client';
import type { SetupBody, SetupResponse } from '@/types/api';

/** POST /api/setup/check: resolves when the link still works, rejects (404) otherwise. */
export function checkSetupLink(token: string): Promise<void> {
  return api.post<void>('/api/setup/check', { token });
}

/** POST /api/setup: creates the first admin and saves the temple's basics. */
export function completeSetup(body: SetupBody): Promise<SetupResponse> {
  return api.post<SetupResponse>('/api/setup', body);
}
