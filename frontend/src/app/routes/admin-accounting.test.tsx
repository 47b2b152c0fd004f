import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStaff, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

function serveBooks() {
  server.use(
    http.get('/api/admin/accounting/exports', () => HttpResponse.json([])),
    http.get('/api/admin/accounting/preview', ({ request }) => {
      const url = new URL(request.url);
      return HttpResponse.json({
        from: url.searchParams.get('from'),
        to: url.searchParams.get('to'),
        entries: 0,
        gifts: 0,
        refunds: 0,
        total: '0.00',
        unmapped: [],
        earlier: [],
      });
    }),
  );
}

describe('/admin/accounting', () => {
  it('opens for treasurers on the export, linked from the admin page', async () => {
    signInAs(makeStaff(['treasurer']));
    serveBooks();
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('link', { name: 'Accounting' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounting' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/admin/accounting');
    expect(screen.getByRole('tab', { name: 'Export' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No exports yet.')).toBeInTheDocument();
    expect(await screen.findByText(/0 entries \(0 gifts, 0 refunds\) · \$0\.00/)).toBeInTheDocument();
  });

  it('sends signed-out visitors to sign in and back', async () => {
    renderApp('/admin/accounting?tab=accounts');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/admin/accounting%3Ftab%3Daccounts'));
  });

  it('sends other staff and members home, and the admin page has no link for them', async () => {
    signInAs(makeStaff(['front_desk']));
    const first = renderApp('/admin/accounting');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    first.unmount();
    signInAs(makeUser());
    const second = renderApp('/admin/accounting');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    second.unmount();
    signInAs(makeStaff(['editor']));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Accounting' })).not.toBeInTheDocument();
  });
});
