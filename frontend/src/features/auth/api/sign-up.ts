import { api } from '@/lib/api-client';
import type { SignUpBody, SignUpResponse } from '@/types/api';

/** POST /api/auth/signup: 201 {message, user}; no token (the user signs in after verifying). */
export function signUp(body: SignUpBody): Promise<SignUpResponse> {
  return api.post('/api/auth/signup', body);
}
