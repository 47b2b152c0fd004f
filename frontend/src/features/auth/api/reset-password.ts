import { api } from '@/lib/api-client';

/** POST /api/auth/reset-password */
export function resetPassword(body: { token: string; newPassword: string }): Promise<{ message: string }> {
  return api.post('/api/auth/reset-password', body);
}
