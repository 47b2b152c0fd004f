import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makePriest, makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import type { StaffMember } from '@/types/api';
import { StaffSection } from './staff-section';

const admin = makeStaff(['admin'], { id: 'me', email: 'admin@example.org', firstName: 'Asha', lastName: 'Iyer' });

function staffMember(overrides: Partial<StaffMember>): StaffMember {
  return { id: 'u-1', firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.org', roles: ['treasurer'], emailVerified: true, priest: null, ...overrides };
}

/** Answers the staff list from `list` (changed by the test) and counts the reads. */
function staffList(list: () => StaffMember[]) {
  const reads = { count: 0 };
  server.use(
    http.get('/api/admin/staff', () => {
      reads.count++;
      return HttpResponse.json(list());
    }),
  );
  return reads;
}

describe('Staff roles', () => {
  it('lists the staff and saves the roles chosen in the dialog', async () => {
    let ravi = staffMember({});
    const reads = staffList(() => [ravi]);
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/admin/staff/roles', async ({ request }) => {
        const body = (await request.json()) as { roles: StaffMember['roles'] };
        bodies.push(body);
        ravi = { ...ravi, roles: body.roles };
        return HttpResponse.json(ravi);
      }),
    );
    const { user } = renderWithProviders(<StaffSection />, { as: admin });
    const table = await screen.findByRole('table', { name: 'Staff' });
    const row = within(table).getByRole('row', { name: /Ravi Kumar/ });
    expect(within(row).getByText('ravi@example.org')).toBeInTheDocument();
    expect(within(row).getByText('Treasurer')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Edit roles: Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Ravi Kumar' });
    expect(within(dialog).getByRole('checkbox', { name: 'Treasurer' })).toBeChecked();
    // Each role says what it may do.
    expect(within(dialog).getByRole('checkbox', { name: 'Front desk' })).toHaveAccessibleDescription(/checks people in/);
    expect(within(dialog).queryByLabelText('Priest profile')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Front desk' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Roles' }));

    expect(await screen.findByText('Roles saved')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'ravi@example.org', roles: ['treasurer', 'front_desk'] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reads.count).toBeGreaterThanOrEqual(2);
    expect(await within(screen.getByRole('table', { name: 'Staff' })).findByText('Front desk')).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog", async () => {
    staffList(() => [staffMember({ id: 'me', firstName: 'Asha', lastName: 'Iyer', email: 'admin@example.org', roles: ['admin'] })]);
    server.use(
      http.put('/api/admin/staff/roles', () => HttpResponse.json({ message: 'You cannot remove your own admin privileges' }, { status: 400 })),
    );
    const { user } = renderWithProviders(<StaffSection />, { as: admin });
    await user.click(await screen.findByRole('button', { name: 'Edit roles: Asha Iyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Asha Iyer' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Roles' }));
    expect(await within(dialog).findByText('You cannot remove your own admin privileges')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Roles of Asha Iyer' })).toBeInTheDocument();
  });

  it("links a priest's account to a profile, unlinking the one before", async () => {
    const ramana = staffMember({ id: 'u-2', firstName: 'Ramana', lastName: 'Sharma', email: 'ramana@example.org', roles: ['priest'], priest: { id: 'p-1', name: 'Sri Old Profile' } });
    staffList(() => [ramana]);
    const links: [string, unknown][] = [];
    server.use(
      http.get('/api/priests', () => HttpResponse.json([makePriest({ id: 'p-1', name: 'Sri Old Profile' }), makePriest({ id: 'p-2', name: 'Sri Ramana Sharma' })])),
      http.put('/api/priests/:id/account', async ({ params, request }) => {
        links.push([String(params.id), await request.json()]);
        return HttpResponse.json({ id: params.id, name: 'x' });
      }),
      http.put('/api/admin/staff/roles', () => HttpResponse.json({ message: 'not expected' }, { status: 500 })),
    );
    const { user } = renderWithProviders(<StaffSection />, { as: admin });
    const row = await screen.findByRole('row', { name: /Ramana Sharma/ });
    expect(within(row).getByText('Sri Old Profile')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Edit roles: Ramana Sharma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Ramana Sharma' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Priest profile' }));
    await user.click(await screen.findByRole('option', { name: 'Sri Ramana Sharma' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Roles' }));
    expect(await screen.findByText('Roles saved')).toBeInTheDocument();
    // The roles did not change: only the profiles.
    expect(links).toEqual([
      ['p-1', { email: null }],
      ['p-2', { email: 'ramana@example.org' }],
    ]);
  });

  it('adds staff by e-mail with the roles chosen, and re-reads the own account', async () => {
    staffList(() => []);
    let body: unknown;
    let meReads = 0;
    server.use(
      http.put('/api/admin/staff/roles', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(staffMember({ email: 'admin@example.org', roles: ['admin', 'editor'] }));
      }),
    );
    signInAs(admin);
    server.use(
      http.get('/api/users/me', () => {
        meReads++;
        return HttpResponse.json(admin);
      }),
    );
    const { user } = renderWithProviders(<StaffSection />);
    expect(await screen.findByText('No one holds a staff role yet.')).toBeInTheDocument();
    await waitFor(() => expect(meReads).toBe(1));
    const form = screen.getByRole('form', { name: 'Add staff' });
    await user.type(within(form).getByLabelText('E-mail'), 'admin@example.org');
    await user.click(within(form).getByRole('button', { name: 'Add staff' }));
    expect(await within(form).findByText('Choose at least one role')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.click(within(form).getByRole('checkbox', { name: 'Admin' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Editor' }));
    await user.click(within(form).getByRole('button', { name: 'Add staff' }));
    expect(await screen.findByText('Staff roles saved')).toBeInTheDocument();
    expect(body).toEqual({ email: 'admin@example.org', roles: ['admin', 'editor'] });
    await waitFor(() => expect(meReads).toBe(2));
    expect(within(form).getByLabelText('E-mail')).toHaveValue('');
  });
});
