import { api } from '@/lib/api-client';

export const SIGN_OUT_EVERYWHERE_PATH = '/api/auth/signout-everywhere';

/** POST /api/auth/signout-everywhere (bearer, 204): ends every session of the member. */
export function signOutEverywhere(): Promise<void> {
  return api.post<void>(SIGN_OUT_EVERYWHERE_PATH);
}
