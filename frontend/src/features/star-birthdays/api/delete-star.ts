import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { PersonStar } from '@/types/api';

/** DELETE /api/users/me/stars/{person} (204): forgets the birth star and its reminders. */
export function deleteStar(person: string): Promise<void> {
  return api.delete(`${apiKeys.myStars}/${encodeURIComponent(person)}`);
}

/** Forgets a birth star, then shows the person without one. */
export function useDeleteStar() {
  const { mutate } = useSWRConfig();
  return async (person: string): Promise<void> => {
    await deleteStar(person);
    await mutate<PersonStar[]>(apiKeys.myStars, (list) => list?.map((p) => (p.person === person ? { ...p, star: null, nextStarDay: null } : p)), {
      revalidate: false,
    });
  };
}
