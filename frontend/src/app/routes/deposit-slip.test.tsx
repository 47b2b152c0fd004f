import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDeposit, makeTreasurer } from '@/features/cash-office/test-data';
import { makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

describe('/deposits/:id', () => {
  it("shows the deposit's slip with the way back to the deposits", async () => {
    signInAs(makeTreasurer());
    server.use(http.get('/api/deposits/dep-1', () => HttpResponse.json(makeDeposit())));
    renderApp('/deposits/dep-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit slip D-20261125-1' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Deposit slip' })).toHaveTextContent('Sri Venkateswara Temple of Folsom');
    expect(screen.getByRole('link', { name: 'All deposits' })).toHaveAttribute('href', '/deposits');
  });

  it('sends signed-out visitors to sign in and back', async () => {
    renderApp('/deposits/dep-1');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/deposits/dep-1'));
  });

  it('is for the treasurers: the front desk goes home', async () => {
    signInAs(makeStaff(['front_desk']));
    renderApp('/deposits/dep-1');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});
