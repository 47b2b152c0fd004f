import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import { useAuth } from '@/lib/auth';
import type { UpdateProfileBody, User } from '@/types/api';

/** PUT /api/users/me: answers the updated user. */
export function updateProfile(body: UpdateProfileBody): Promise<User> {
  return api.put<User>('/api/users/me', body);
}

/** Updates the profile, then stores the answer as the signed-in user and as GET /api/users/me's data. */
export function useUpdateProfile() {
  const { mutate } = useSWRConfig();
  const { updateUser } = useAuth();
  return async (body: UpdateProfileBody): Promise<User> => {
    const updated = await updateProfile(body);
    updateUser(updated);
    void mutate(apiKeys.me, updated, { revalidate: false });
    return updated;
  };
}
