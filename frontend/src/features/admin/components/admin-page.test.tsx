import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeGeneralFund, makePayment, makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';
import { chooseTab, describeAccess, visibleTabs } from './admin-tabs';

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

const member = (id: string, firstName: string, isAdmin = false) => ({
  id,
  firstName,
  lastName: 'Kumar',
  email: `${firstName.toLowerCase()}@example.org`,
  phoneNumber: null,
  isAdmin,
  roles: isAdmin ? ['admin'] : [],
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00Z',
});

/** The reads of the Payments and Members tabs. */
function ledgerAndMembers() {
  const card = makePayment({ id: 'p-1', status: 'completed', paymentMethod: 'credit_card', provider: 'stripe', receiptNumber: 'R-1' });
  const zelle = makePayment({ id: 'p-2', status: 'pending', paymentMethod: 'zelle', receiptNumber: 'R-2' });
  const totals = { count: 2, received: '51.00', receivedCount: 1, pending: '51.00', refunded: '0.00', test: '0.00' };
  server.use(
    http.get('/api/donation-types', () => HttpResponse.json([])),
    http.get('/api/admin/payments/totals', () => HttpResponse.json({ byDonationType: [], byEvent: [], testTotal: { amount: '0.00', count: 0 } })),
    http.get('/api/admin/payments/ledger', () => HttpResponse.json({ items: [card, zelle], total: 2, page: 1, pageSize: 25, totals })),
    http.get('/api/admin/statements/:year', ({ params }) => HttpResponse.json({ year: Number(params.year), total: 0, sent: 0, failed: 0, remaining: 0 })),
    http.get('/api/admin/members', () => HttpResponse.json({ items: [member('u-1', 'Ravi'), member('u-2', 'Sita', true)], total: 2, page: 1, pageSize: 25 })),
  );
}

describe('admin tabs by permission', () => {
  it('orders each role’s own work first and falls back from a tab the account may not see', () => {
    const can = (held: string[]) => (p: string) => held.includes(p);
    const treasurer = visibleTabs(can(['find_members', 'read_ledger', 'manage_funds']));
    expect(treasurer.map((t) => t.value)).toEqual(['payments', 'funds', 'pledges', 'recurring-gifts', 'donation-types', 'payment-settings', 'members']);
    expect(chooseTab(treasurer, null)).toBe('payments');
    expect(chooseTab(treasurer, 'temple')).toBe('payments');
    expect(chooseTab(treasurer, 'members')).toBe('members');
    expect(chooseTab(visibleTabs(can(['door_duty'])), null)).toBeNull();
    expect(describeAccess(can(['edit_content']))).toBe("Manage events and the temple's own content.");
    expect(describeAccess(can(['door_duty', 'manage_volunteers']))).toBe('Manage event volunteers and check-in at events.');
  });

  it('shows a treasurer the money and the members, without staff rights or the temple', async () => {
    signInAs(makeStaff(['treasurer']));
    ledgerAndMembers();
    const { user } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage payments, funds, donation options, payment methods and members.')).toBeInTheDocument();
    expect(tabNames()).toEqual(['Payments', 'Funds', 'Pledges', 'Recurring Gifts', 'Donation Types', 'Payment Settings', 'Members']);
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(within(table).getByRole('button', { name: 'Refund R-1' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Mark received' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();

    server.use(http.get('/api/funds', () => HttpResponse.json([makeGeneralFund()])));
    await user.click(screen.getByRole('tab', { name: 'Funds' }));
    expect(currentLocation()).toBe('/admin?tab=funds');
    const funds = await screen.findByRole('table', { name: 'Funds' });
    expect(within(funds).getByRole('button', { name: 'Edit General' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Pledges' }));
    expect(currentLocation()).toBe('/admin?tab=pledges');
    expect(await screen.findByText('No pledges yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reminders' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Members' }));
    expect(currentLocation()).toBe('/admin?tab=members');
    expect(await screen.findByRole('button', { name: 'Details: Ravi Kumar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Make admin/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove admin/ })).not.toBeInTheDocument();
    // The members' CSV leaves the site: admins only.
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('shows the front desk the members only: no money, no refunds, and the seva schedule', async () => {
    signInAs(makeStaff(['front_desk']));
    ledgerAndMembers();
    renderApp('/admin?tab=payments');
    expect(await screen.findByRole('button', { name: 'Details: Ravi Kumar' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Members']);
    expect(screen.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Payments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Make admin/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Seva schedule' })).toHaveAttribute('href', '/admin/sevas/schedule');
  });

  it('shows an editor the Temple tab only', async () => {
    signInAs(makeStaff(['editor']));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Site settings' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Temple']);
    expect(screen.queryByRole('tab', { name: 'User Management' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Seva schedule' })).not.toBeInTheDocument();
  });

  it('shows an admin every tab, User Management first, with the Audit Log', async () => {
    signInAs(makeStaff(['admin']));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Manage Admin Users' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['User Management', 'Payments', 'Funds', 'Pledges', 'Recurring Gifts', 'Donation Types', 'Payment Settings', 'Members', 'Sevas', 'Temple', 'Texting', 'Audit Log']);
    expect(screen.getByRole('tab', { name: 'User Management' })).toHaveAttribute('aria-selected', 'true');
  });

  it('points a volunteer coordinator to the events', async () => {
    signInAs(makeStaff(['volunteer_coordinator']));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Where your work is' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Events' })).toHaveAttribute('href', '/events');
  });

  it('sends a priest to their own sevas', async () => {
    signInAs(makeStaff(['priest']));
    server.use(http.get('/api/seva-bookings/assigned', () => HttpResponse.json([])));
    renderApp('/admin');
    await waitFor(() => expect(currentLocation()).toBe('/my-sevas'));
    expect(await screen.findByText('No sevas assigned to you today.')).toBeInTheDocument();
  });
});
