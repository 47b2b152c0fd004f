import { api } from '@/lib/api-client';
import type { AdminChangeResponse } from '@/types/api';

/** POST /api/admin/set-admin */
export function setAdmin(email: string): Promise<AdminChangeResponse> {
  return api.post<AdminChangeResponse>('/api/admin/set-admin', { email });
}

/** POST /api/admin/remove-admin */
export function removeAdmin(email: string): Promise<AdminChangeResponse> {
  return api.post<AdminChangeResponse>('/api/admin/remove-admin', { email });
}
