import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeCheck, makeTreasurer } from '@/features/cash-office/test-data';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

describe('/deposits', () => {
  it('shows what is ready to deposit and the deposits made', async () => {
    signInAs(makeTreasurer());
    server.use(
      http.get('/api/deposits/undeposited', () => HttpResponse.json({ drawers: [], collections: [], checks: [makeCheck()] })),
      http.get('/api/deposits', () => HttpResponse.json([])),
    );
    renderApp('/deposits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposits' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: /Check 1042 · Golden 1/ })).toBeInTheDocument();
    expect(screen.getByText('No closed drawer is waiting.')).toBeInTheDocument();
    expect(screen.getByText('No locked hundi count is waiting.')).toBeInTheDocument();
    expect(await screen.findByText('No deposits yet.')).toBeInTheDocument();
  });

  it('sends signed-out visitors to sign in and back', async () => {
    renderApp('/deposits');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/deposits'));
  });

  it('is for the treasurers: members go home', async () => {
    signInAs(makeUser());
    renderApp('/deposits');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});
