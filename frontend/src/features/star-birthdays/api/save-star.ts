import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { PersonStar, StarBirthdayBody } from '@/types/api';

/**
 * PUT /api/users/me/stars/{person} (`me` or a family member's id): records the birth star, chosen
 * or worked out by the server from the birth; replaces what was recorded. 400 with a message per field.
 */
export function saveStar(person: string, body: StarBirthdayBody): Promise<PersonStar> {
  return api.put<PersonStar>(`${apiKeys.myStars}/${encodeURIComponent(person)}`, body);
}

/** Records a birth star, then puts the answer in the list in place of the person's entry. */
export function useSaveStar() {
  const { mutate } = useSWRConfig();
  return async (person: string, body: StarBirthdayBody): Promise<PersonStar> => {
    const saved = await saveStar(person, body);
    await mutate<PersonStar[]>(apiKeys.myStars, (list) => list?.map((p) => (p.person === person ? saved : p)), { revalidate: false });
    return saved;
  };
}
