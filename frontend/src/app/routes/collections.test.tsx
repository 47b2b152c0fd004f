import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeCollection, makeTreasurer } from '@/features/cash-office/test-data';
import { makeDonationType, makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

describe('/collections', () => {
  it('lists the hundi counts, and a new count offers the active donation types as funds', async () => {
    signInAs(makeTreasurer());
    server.use(
      http.get('/api/collections', () => HttpResponse.json([makeCollection()])),
      http.get('/api/donation-types', () =>
        HttpResponse.json([makeDonationType({ id: 'f-1', name: 'Annadanam' }), makeDonationType({ id: 'f-2', name: 'Old fund', isActive: false })]),
      ),
    );
    const { user } = renderApp('/collections');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hundi counts' })).toBeInTheDocument();
    expect(await screen.findByText('Waiting for 2 confirmations')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'New count' }));
    await user.click(await screen.findByRole('combobox', { name: 'Fund' }));
    expect(await screen.findByRole('option', { name: 'General fund' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Annadanam' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Old fund' })).not.toBeInTheDocument();
  });

  it('is linked from the admin page for those who count and deposit', async () => {
    signInAs(makeTreasurer({ permissions: ['count_collections', 'make_deposits'] }));
    renderApp('/admin');
    expect(await screen.findByRole('link', { name: 'Hundi counts' })).toHaveAttribute('href', '/collections');
    expect(screen.getByRole('link', { name: 'Deposits' })).toHaveAttribute('href', '/deposits');
  });

  it('sends signed-out visitors to sign in and back', async () => {
    renderApp('/collections');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/collections'));
  });

  it('is for the treasurers: the front desk goes home', async () => {
    signInAs(makeStaff(['front_desk']));
    renderApp('/collections');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});
