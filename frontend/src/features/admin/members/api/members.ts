import useSWR, { useSWRConfig } from 'swr';
import { api, downloadFile } from '@/lib/api-client';
import { apiKeys, keyPath } from '@/lib/api-keys';
import type { MemberPage, Payment, User } from '@/types/api';
import { removeAdmin, setAdmin } from './admin-users';
import { STAFF_PATH } from './staff';

/** GET /api/admin/members?q=&page=&pageSize=: one page of the member directory (server-side search). */
export function useMembers(q: string, page: number, pageSize: number) {
  const key = apiKeys.adminMembers(q, page, pageSize);
  const { data, error, isLoading, mutate } = useSWR<MemberPage>(key, () => api.get<MemberPage>(key), { keepPreviousData: true });
  return { page: data, error: error as Error | undefined, isLoading, reload: () => void mutate() };
}

/** GET /api/admin/members/{id} */
export function useMember(id: string) {
  const { data, error, isLoading } = useSWR<User>(apiKeys.adminMember(id), () => api.get<User>(apiKeys.adminMember(id)));
  return { member: data, error: error as Error | undefined, isLoading };
}

/** GET /api/admin/members/{id}/payments: the member's giving, newest first. */
export function useMemberPayments(id: string) {
  const { data, error, isLoading } = useSWR<Payment[]>(apiKeys.adminMemberPayments(id), () =>
    api.get<Payment[]>(apiKeys.adminMemberPayments(id)),
  );
  return { payments: data, error: error as Error | undefined, isLoading };
}

/** GET /api/admin/members.csv?q=: downloads the directory (the search applied, no paging). */
export function downloadMembersCsv(q: string): Promise<string> {
  const query = q.trim() ? `?${new URLSearchParams({ q: q.trim() }).toString()}` : '';
  return downloadFile(`/api/admin/members.csv${query}`, 'members.csv');
}

/**
 * Grants or removes admin rights through the e-mail endpoints of docs/product.md#api-calls, then reloads every page of
 * the directory, the member and the staff list.
 */
export function useSetMemberAdmin() {
  const { mutate } = useSWRConfig();
  return async (member: { id: string; email: string }, admin: boolean): Promise<void> => {
    await (admin ? setAdmin(member.email) : removeAdmin(member.email));
    void mutate((key) => {
      const path = keyPath(key);
      return path === STAFF_PATH || (path?.startsWith('/api/admin/members') ?? false);
    });
  };
}
