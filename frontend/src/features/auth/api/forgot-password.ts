import { api } from '@/lib/api-client';
import type { ForgotPasswordBody, MessageResponse } from '@/types/api';

/** POST /api/auth/forgot-password: always the same generic answer. */
export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return api.post('/api/auth/forgot-password', body);
}
