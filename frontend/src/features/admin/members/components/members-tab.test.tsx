import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

const member = (id: string, firstName: string, lastName: string, isAdmin = false) => ({
  id,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.org`,
  phoneNumber: '(916) 555-0100',
  isAdmin,
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00Z',
});

describe('admin Members tab', () => {
  it('searches on the server, pages, grants admin from the row and shows a member', async () => {
    signInAs(makeUser({ isAdmin: true }));
    const queries: string[] = [];
    let ravi = member('u-1', 'Ravi', 'Kumar');
    let granted = '';
    server.use(
      http.get('/api/admin/members', ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        const q = url.searchParams.get('q') ?? '';
        const items = q === 'ravi' ? [ravi] : [ravi, member('u-2', 'Priya', 'Rao')];
        return HttpResponse.json({ items, total: q === 'ravi' ? 1 : 40, page: Number(url.searchParams.get('page')), pageSize: 25 });
      }),
      http.post('/api/admin/set-admin', async ({ request }) => {
        granted = ((await request.json()) as { email: string }).email;
        ravi = { ...ravi, isAdmin: true };
        return HttpResponse.json({ message: 'ok', user: makeUser() });
      }),
      http.get('/api/admin/members/u-1', () => HttpResponse.json(makeUser({ id: 'u-1', firstName: 'Ravi', lastName: 'Kumar' }))),
      http.get('/api/admin/members/u-1/payments', () => HttpResponse.json([])),
    );
    const { user } = renderApp('/admin?tab=members');
    expect(await screen.findByText('40 members')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(queries.at(-1)).toContain('page=2'));

    await user.type(screen.getByLabelText('Search members'), 'ravi');
    expect(await screen.findByText('1 member matching "ravi"')).toBeInTheDocument();
    expect(queries.at(-1)).toContain('q=ravi');
    expect(queries.at(-1)).toContain('page=1');

    await user.click(screen.getByRole('button', { name: 'Make admin: Ravi Kumar' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make admin' }));
    expect(await screen.findByText('Admin privileges granted')).toBeInTheDocument();
    expect(granted).toBe('ravi@example.org');
    expect(await screen.findByRole('button', { name: 'Remove admin: Ravi Kumar' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Details: Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ravi Kumar' });
    expect(await within(dialog).findByText('No donations yet.')).toBeInTheDocument();
    expect(await within(dialog).findByText('No registrations.')).toBeInTheDocument();
    expect(await within(dialog).findByText('No volunteering.')).toBeInTheDocument();
  });
});
