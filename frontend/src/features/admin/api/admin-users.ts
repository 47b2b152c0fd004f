import { api } from '@/lib/api-client';
import type { User } from '@/types/api';

export type AdminChangeResponse = { message?: string; user?: User };

/** POST /api/admin/set-admin */
export function setAdmin(email: string): Promise<AdminChangeResponse> {
  return api.post<AdminChangeResponse>('/api/admin/set-admin', { email });
}

/** POST /api/admin/remove-admin */
export function removeAdmin(email: string): Promise<AdminChangeResponse> {
  return api.post<AdminChangeResponse>('/api/admin/remove-admin', { email });
}
