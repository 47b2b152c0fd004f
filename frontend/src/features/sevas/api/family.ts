import { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { FamilyMember, FamilyMemberBody } from '@/types/api';

export { useFamily } from '@/lib/family';

/** Adds (id null) or replaces a family member, then reloads the list. */
export function useSaveFamilyMember() {
  const { mutate } = useSWRConfig();
  return async (id: string | null, body: FamilyMemberBody): Promise<FamilyMember> => {
    const saved =
      id === null ? await api.post<FamilyMember>(apiKeys.family, body) : await api.put<FamilyMember>(`${apiKeys.family}/${id}`, body);
    await mutate(apiKeys.family);
    return saved;
  };
}

export function useDeleteFamilyMember() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    await api.delete(`${apiKeys.family}/${id}`);
    await mutate(apiKeys.family);
  };
}
