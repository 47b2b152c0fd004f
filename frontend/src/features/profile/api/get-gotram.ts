import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import type { Gotram, User } from '@/types/api';

/** The user's gotram: the joined one, else GET /api/gotrams/{id} when the user has one. */
export function useUserGotram(user: Pick<User, 'gotram' | 'gotramId'>) {
  const needsFetch = !user.gotram && user.gotramId !== null && user.gotramId !== undefined;
  const { data } = useSWR<Gotram>(needsFetch ? apiKeys.gotram(user.gotramId!) : null);
  return user.gotram ?? data ?? null;
}
