import { api } from '@/lib/api-client';

/** POST /api/auth/forgot-password: always the same generic answer. */
export function forgotPassword(body: { email: string }): Promise<{ message: string }> {
  return api.post('/api/auth/forgot-password', body);
}
