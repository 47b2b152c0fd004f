import { api } from '@/lib/api-client';
import type { User } from '@/types/api';

export type UpdateProfileBody = {
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  gotramId: number | null;
};

/** PUT /api/users/me: answers the updated user. */
export function updateProfile(body: UpdateProfileBody): Promise<User> {
  return api.put<User>('/api/users/me', body);
}
