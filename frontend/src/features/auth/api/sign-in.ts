import { api } from '@/lib/api-client';
import type { SignInBody, SignInResponse } from '@/types/api';

/** POST /api/auth/signin */
export function signIn(body: SignInBody): Promise<SignInResponse> {
  return api.post<SignInResponse>('/api/auth/signin', body);
}
