import { api } from '@/lib/api-client';
import type { User } from '@/types/api';

export type SignUpBody = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phoneNumber: string;
  username?: string;
  customGotram?: string;
  gotramId?: number;
};

/** POST /api/auth/signup: 201 {message, user}; no token (the user signs in after verifying). */
export function signUp(body: SignUpBody): Promise<{ message: string; user: User }> {
  return api.post('/api/auth/signup', body);
}
