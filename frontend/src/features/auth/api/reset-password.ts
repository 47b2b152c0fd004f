import { api } from '@/lib/api-client';
import type { MessageResponse, ResetPasswordBody } from '@/types/api';

/** POST /api/auth/reset-password */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return api.post('/api/auth/reset-password', body);
}
