import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { StaffInvitation } from '@/types/api';
import { StaffSection } from './staff-section';

const admin = makeStaff(['admin'], { id: 'me', email: 'admin@example.org', firstName: 'Asha', lastName: 'Iyer' });

function invitation(overrides: Partial<StaffInvitation> = {}): StaffInvitation {
  return {
    id: 'inv-1',
    email: 'padma@example.org',
    roles: ['treasurer'],
    invitedBy: 'Asha Iyer',
    createdAt: '2026-11-20T18:00:00Z',
    expiresAt: '2026-11-27T18:00:00Z',
    expired: false,
    existingAccount: false,
    ...overrides,
  };
}

async function openDialog() {
  const rendered = renderWithProviders(<StaffSection />, { as: admin });
  await rendered.user.click(await screen.findByRole('button', { name: 'Invite staff' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite staff' });
  return { ...rendered, dialog };
}

describe('Invite staff', () => {
  it('sends the e-mail and roles chosen, toasts, closes and reloads the pending list', async () => {
    let pending: StaffInvitation[] = [];
    let reads = 0;
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/admin/staff/invitations', () => {
        reads++;
        return HttpResponse.json(pending);
      }),
      http.post('/api/admin/staff/invitations', async ({ request }) => {
        const body = (await request.json()) as { email: string; roles: StaffInvitation['roles'] };
        bodies.push(body);
        pending = [invitation({ email: body.email, roles: body.roles })];
        return HttpResponse.json(pending[0], { status: 201 });
      }),
    );
    const { user, dialog } = await openDialog();
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-mail')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('E-mail'), '  padma@example.org ');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Front desk' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Treasurer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent to padma@example.org')).toBeInTheDocument();
    expect(screen.getByText('As Treasurer and Front desk. The link works for 7 days.')).toBeInTheDocument();
    // In the catalogue's order, whatever order they were ticked in.
    expect(bodies).toEqual([{ email: 'padma@example.org', roles: ['treasurer', 'front_desk'] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(table).getByRole('row', { name: /padma@example.org/ })).toBeInTheDocument();
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it('checks the fields before sending: a valid e-mail and at least one role', async () => {
    let posts = 0;
    server.use(
      http.post('/api/admin/staff/invitations', () => {
        posts++;
        return HttpResponse.json(invitation(), { status: 201 });
      }),
    );
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one role')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toBe(0);
  });

  it("shows the server's field errors on the fields and its refusal above them", async () => {
    let answer = () =>
      HttpResponse.json(
        { message: 'Addresses at mandir.local are reserved', errors: { email: 'Addresses at mandir.local are reserved' } },
        { status: 400 },
      );
    server.use(http.post('/api/admin/staff/invitations', () => answer()));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('E-mail'), 'demo@mandir.local');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Editor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const field = within(dialog).getByLabelText('E-mail');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Addresses at mandir.local are reserved'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    answer = () => HttpResponse.json({ message: 'demo@mandir.local already holds every one of these roles' }, { status: 409 });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('demo@mandir.local already holds every one of these roles');
    expect(screen.getByRole('dialog', { name: 'Invite staff' })).toBeInTheDocument();
  });

  it('closes with Cancel without sending', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
