import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import type {
  AcceptStaffInvitationBody,
  InviteStaffBody,
  StaffInvitation,
  StaffInvitationAccepted,
  StaffInvitationPreview,
} from '@/types/api';
import { STAFF_PATH } from './staff';

export const STAFF_INVITATIONS_PATH = `${STAFF_PATH}/invitations`;

/** GET /api/admin/staff/invitations: invitations not yet accepted or withdrawn, newest first. */
export function useStaffInvitations() {
  const { data, error, isLoading, mutate } = useSWR<StaffInvitation[]>(STAFF_INVITATIONS_PATH);
  return { invitations: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/**
 * POST /api/admin/staff/invitations: e-mails the person a link that adds these roles (a new
 * invitation to the same address replaces its pending one, so resending is inviting again); then
 * reloads the pending list.
 */
export function useInviteStaff() {
  const { mutate } = useSWRConfig();
  return async (body: InviteStaffBody): Promise<StaffInvitation> => {
    const invitation = await api.post<StaffInvitation>(STAFF_INVITATIONS_PATH, body);
    await mutate(STAFF_INVITATIONS_PATH);
    return invitation;
  };
}

/** DELETE /api/admin/staff/invitations/{id}: the link stops working; then reloads the pending list. */
export function useWithdrawStaffInvitation() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<void> => {
    try {
      await api.delete(`${STAFF_INVITATIONS_PATH}/${encodeURIComponent(id)}`);
    } finally {
      // A 404 means it is no longer pending (accepted or withdrawn meanwhile): the list shows that too.
      await mutate(STAFF_INVITATIONS_PATH);
    }
  };
}

export const STAFF_INVITATION_PREVIEW_PATH = '/api/staff-invitations/preview';

/** POST /api/staff-invitations/preview (no sign-in): whom the link invites, as what. */
export function previewStaffInvitation(token: string): Promise<StaffInvitationPreview> {
  return api.post<StaffInvitationPreview>(STAFF_INVITATION_PREVIEW_PATH, { token });
}

/** The invitation behind a link, read once (a link is not read again on focus or on error). */
export function useStaffInvitationPreview(token: string) {
  const { data, error, isLoading, mutate } = useSWR<StaffInvitationPreview>(
    token ? [STAFF_INVITATION_PREVIEW_PATH, token] : null,
    () => previewStaffInvitation(token),
    { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false },
  );
  return { preview: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/**
 * POST /api/staff-invitations/accept: a new account is created with the details given and signed
 * in (`token`); an existing one must be the signed-in account (the bearer token goes with every
 * request) and gains the roles (`token: null`).
 */
export function acceptStaffInvitation(body: AcceptStaffInvitationBody): Promise<StaffInvitationAccepted> {
  return api.post<StaffInvitationAccepted>('/api/staff-invitations/accept', body);
}
