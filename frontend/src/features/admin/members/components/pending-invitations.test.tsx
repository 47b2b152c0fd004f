import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { StaffInvitation } from '@/types/api';
import { PendingInvitations } from './pending-invitations';

const admin = makeStaff(['admin'], { email: 'admin@example.org' });

function invitation(overrides: Partial<StaffInvitation> = {}): StaffInvitation {
  return {
    id: 'inv-1',
    email: 'padma@example.org',
    roles: ['front_desk', 'treasurer'],
    invitedBy: 'Asha Iyer',
    createdAt: '2026-11-20T18:00:00Z',
    expiresAt: '2026-11-27T18:00:00Z',
    expired: false,
    existingAccount: false,
    ...overrides,
  };
}

/** Answers the pending list from `list` (changed by the test) and counts the reads. */
function pendingList(list: () => StaffInvitation[] | Response) {
  const reads = { count: 0 };
  server.use(
    http.get('/api/admin/staff/invitations', () => {
      reads.count++;
      const answer = list();
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
  return reads;
}

describe('Pending invitations', () => {
  it('lists each invitation: e-mail, roles, who sent it, when, and whether it expired', async () => {
    pendingList(() => [
      invitation(),
      invitation({ id: 'inv-2', email: 'ravi@example.org', roles: ['editor'], invitedBy: null, expired: true, existingAccount: true, createdAt: '2026-11-01T18:00:00Z', expiresAt: '2026-11-08T18:00:00Z' }),
    ]);
    renderWithProviders(<PendingInvitations />, { as: admin });
    const table = await screen.findByRole('table', { name: 'Pending invitations' });
    const padma = within(table).getByRole('row', { name: /padma@example.org/ });
    // Roles in the catalogue's order.
    expect(within(padma).getAllByText(/Treasurer|Front desk/).map((c) => c.textContent)).toEqual(['Treasurer', 'Front desk']);
    expect(within(padma).getByText('Asha Iyer')).toBeInTheDocument();
    expect(within(padma).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(within(padma).getByText('Nov 27, 2026')).toBeInTheDocument();
    expect(within(padma).getByText('No account yet')).toBeInTheDocument();
    expect(within(padma).queryByText('Expired')).not.toBeInTheDocument();

    const ravi = within(table).getByRole('row', { name: /ravi@example.org/ });
    expect(within(ravi).getByText('Expired')).toBeInTheDocument();
    expect(within(ravi).getByText('Has an account')).toBeInTheDocument();
    expect(within(ravi).getByText('—')).toBeInTheDocument();
    expect(within(ravi).getByRole('button', { name: 'Resend invitation: ravi@example.org' })).toBeEnabled();
    expect(within(ravi).getByRole('button', { name: 'Withdraw invitation: ravi@example.org' })).toBeEnabled();
  });

  it('stacks each invitation as a card on a phone', async () => {
    // Only the phone query (max-width) matches.
    const real = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...real(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      pendingList(() => [invitation({ expired: true })]);
      renderWithProviders(<PendingInvitations />, { as: admin });
      const list = await screen.findByRole('list', { name: 'Pending invitations' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const card = within(list).getByRole('listitem');
      expect(card).toHaveTextContent('padma@example.org');
      expect(card).toHaveTextContent('Invited by Asha Iyer, sent Nov 20, 2026. Expired Nov 27, 2026.');
      expect(within(card).getByText('Expired')).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Withdraw invitation: padma@example.org' })).toBeInTheDocument();
    } finally {
      window.matchMedia = real;
    }
  });

  it('says so when none is pending', async () => {
    pendingList(() => []);
    renderWithProviders(<PendingInvitations />, { as: admin });
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading, then a retry when the list fails', async () => {
    let fail = true;
    const reads = pendingList(() => (fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : []));
    const { user } = renderWithProviders(<PendingInvitations />, { as: admin });
    expect(await screen.findByRole('status', { name: 'Loading invitations' })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('The invitations could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
    expect(reads.count).toBe(2);
  });

  it('resends: invites the same address with the same roles again', async () => {
    const reads = pendingList(() => [invitation()]);
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/admin/staff/invitations', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(invitation({ id: 'inv-3' }), { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<PendingInvitations />, { as: admin });
    await user.click(await screen.findByRole('button', { name: 'Resend invitation: padma@example.org' }));
    expect(await screen.findByText('Invitation sent to padma@example.org')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'padma@example.org', roles: ['front_desk', 'treasurer'] }]);
    await waitFor(() => expect(reads.count).toBe(2));
  });

  it("toasts the server's refusal of a resend", async () => {
    pendingList(() => [invitation()]);
    server.use(
      http.post('/api/admin/staff/invitations', () =>
        HttpResponse.json({ message: 'padma@example.org already holds every one of these roles' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<PendingInvitations />, { as: admin });
    await user.click(await screen.findByRole('button', { name: 'Resend invitation: padma@example.org' }));
    expect(await screen.findByText('The invitation could not be sent')).toBeInTheDocument();
    expect(screen.getByText('padma@example.org already holds every one of these roles')).toBeInTheDocument();
  });

  it('withdraws after a confirmation, and not when the confirmation is cancelled', async () => {
    let pending = [invitation(), invitation({ id: 'inv-2', email: 'ravi@example.org' })];
    pendingList(() => pending);
    const deleted: string[] = [];
    server.use(
      http.delete('/api/admin/staff/invitations/:id', ({ params }) => {
        deleted.push(String(params.id));
        pending = pending.filter((p) => p.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(<PendingInvitations />, { as: admin });
    await user.click(await screen.findByRole('button', { name: 'Withdraw invitation: ravi@example.org' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Withdraw the invitation?' });
    expect(confirm).toHaveAccessibleDescription(/ravi@example.org stops working/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Withdraw invitation: ravi@example.org' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Withdraw the invitation?' });
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Invitation withdrawn')).toBeInTheDocument();
    expect(deleted).toEqual(['inv-2']);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('row', { name: /padma@example.org/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /ravi@example.org/ })).not.toBeInTheDocument();
  });

  it('reloads the list when the invitation was no longer pending', async () => {
    let pending = [invitation()];
    const reads = pendingList(() => pending);
    server.use(
      http.delete('/api/admin/staff/invitations/:id', () => {
        pending = [];
        return HttpResponse.json({ message: 'No such invitation' }, { status: 404 });
      }),
    );
    const { user } = renderWithProviders(<PendingInvitations />, { as: admin });
    await user.click(await screen.findByRole('button', { name: 'Withdraw invitation: padma@example.org' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The invitation could not be withdrawn')).toBeInTheDocument();
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
    expect(reads.count).toBe(2);
  });
});
