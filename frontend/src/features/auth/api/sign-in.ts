import { api } from '@/lib/api-client';
import type { SignInResponse } from '@/types/api';

/** POST /api/auth/signin */
export function signIn(body: { email: string; password: string }): Promise<SignInResponse> {
  return api.post<SignInResponse>('/api/auth/signin', body);
}
