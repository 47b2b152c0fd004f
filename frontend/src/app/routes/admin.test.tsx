import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDonationType, makeFestivalRule, makeStaff, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

describe('/admin', () => {
  it('sends signed-out visitors to sign in', async () => {
    renderApp('/admin');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/admin'));
  });

  it('sends members who are not admins home', async () => {
    signInAs(makeUser({ isAdmin: false }));
    renderApp('/admin');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('shows the tabs and links to admins', async () => {
    signInAs(makeUser({ isAdmin: true }));
    server.use(http.get('/api/donation-types', () => HttpResponse.json([makeDonationType({ name: 'Annadanam' })])));
    const { user } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'User Management' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
    await user.click(screen.getByRole('tab', { name: 'Donation Types' }));
    expect(await screen.findByRole('cell', { name: /^Annadanam/ })).toBeInTheDocument();
    expect(currentLocation()).toBe('/admin?tab=donation-types');
  });

  it("shows an editor the festivals after the recurring services in the Temple tab", async () => {
    signInAs(makeStaff(['editor']));
    server.use(http.get('/api/admin/festivals', () => HttpResponse.json([makeFestivalRule()])));
    renderApp('/admin');
    const festivals = await screen.findByRole('region', { name: 'Festivals' });
    expect(await within(festivals).findByText('Ashwin Amavasya, in the evening after sunset (pradosha)')).toBeInTheDocument();
    expect(within(festivals).getByRole('button', { name: 'Make events for Diwali (Lakshmi Puja)' })).toBeInTheDocument();
    const services = screen.getByRole('region', { name: 'Recurring services' });
    expect(services.compareDocumentPosition(festivals) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
