import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { keyPath } from '@/lib/api-keys';
import type { LinkedPriest, Role, StaffMember } from '@/types/api';

export const STAFF_PATH = '/api/admin/staff';

/** GET /api/admin/staff: every account holding a staff role, by name. */
export function useStaff() {
  const { data, error, isLoading, mutate } = useSWR<StaffMember[]>(STAFF_PATH);
  return { staff: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** The staff list and the member directory's pages (which show who is an admin). */
const staffOrMembers = (key: unknown) => {
  const path = keyPath(key);
  return path === STAFF_PATH || (path?.startsWith('/api/admin/members') ?? false);
};

/**
 * PUT /api/admin/staff/roles: the account at this e-mail holds exactly these roles from its next
 * request on; then reloads the staff list and the member directory.
 */
export function useSetStaffRoles() {
  const { mutate } = useSWRConfig();
  return async (email: string, roles: Role[]): Promise<StaffMember> => {
    const saved = await api.put<StaffMember>(`${STAFF_PATH}/roles`, { email, roles });
    await mutate(staffOrMembers);
    return saved;
  };
}

/**
 * PUT /api/priests/{id}/account: links the priest's profile to the account at `email` (null
 * unlinks it); then reloads the staff list.
 */
export function useLinkPriestAccount() {
  const { mutate } = useSWRConfig();
  return async (priestId: string, email: string | null): Promise<LinkedPriest> => {
    const linked = await api.put<LinkedPriest>(`/api/priests/${priestId}/account`, { email });
    await mutate(STAFF_PATH);
    return linked;
  };
}
