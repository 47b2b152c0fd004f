import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDonationType, makeEvent, makePaymentMethod, makeUser, testConfig } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

describe('/test-payment', () => {
  it('shows the error state with a retry', async () => {
    let fail = true;
    server.use(
      http.get('/api/events', () => (fail ? HttpResponse.json({ message: 'x' }, { status: 500 }) : HttpResponse.json([makeEvent()]))),
      http.get('/api/donation-types', () => HttpResponse.json([makeDonationType()])),
    );
    const { user } = renderApp('/test-payment');
    expect(await screen.findByText('Error Loading Data')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Diwali Celebration/)).toBeInTheDocument();
  });

  it('shows the no-donation-types and no-events states', async () => {
    server.use(
      http.get('/api/events', () => HttpResponse.json([])),
      http.get('/api/donation-types', () => HttpResponse.json([])),
    );
    const { user, unmount } = renderApp('/test-payment');
    expect(await screen.findByText('No Donation Types Available')).toBeInTheDocument();
    server.use(http.get('/api/donation-types', () => HttpResponse.json([makeDonationType()])));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('No Events Available')).toBeInTheDocument();
    unmount();
  });

  it('pays for the first event with all donation types, toasts method and amount, then goes home after 3 s', async () => {
    signInAs(makeUser());
    const inactive = makeDonationType({ name: 'Retired Fund', isActive: false, defaultAmount: '5.00' });
    let zelle: Record<string, unknown> | undefined;
    server.use(
      http.get('/api/events', () => HttpResponse.json([makeEvent({ id: 'first', name: 'Ugadi' }), makeEvent({ name: 'Later' })])),
      http.get('/api/donation-types', () => HttpResponse.json([inactive])),
      http.get('/api/payment-methods/active', () => HttpResponse.json([makePaymentMethod({ name: 'zelle', displayName: 'Zelle' })])),
      http.post('/api/payments/zelle-confirm', async ({ request }) => {
        zelle = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ receiptNumber: 'AUTO-1-1', message: 'ok' });
      }),
    );
    const { user } = renderApp('/test-payment');
    await user.click(await screen.findByRole('radio', { name: /Retired Fund/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: "I've sent the payment" }));
    await waitFor(() => expect(zelle?.eventId).toBe('first'));
    expect(currentLocation()).toBe('/test-payment');
    await waitFor(() => expect(currentLocation()).toBe('/'), { timeout: 4500 });
    // Toasts are queued: the method and amount follow the Zelle step's own toast, on any page.
    expect(await screen.findByText('Zelle payment of $5.00', {}, { timeout: 10000 })).toBeInTheDocument();
  });

  describe('in production', () => {
    const production = () =>
      server.use(
        http.get('/api/config', () => HttpResponse.json({ ...testConfig, environment: 'production' })),
        http.get('/api/events', () => HttpResponse.json([makeEvent()])),
        http.get('/api/donation-types', () => HttpResponse.json([makeDonationType()])),
      );

    it('sends members home, like /admin', async () => {
      production();
      signInAs(makeUser({ isAdmin: false }));
      renderApp('/test-payment');
      await waitFor(() => expect(currentLocation()).toBe('/'));
      expect(screen.queryByText('Test Payment')).not.toBeInTheDocument();
    });

    it('sends visitors to sign in', async () => {
      production();
      renderApp('/test-payment');
      await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/test-payment'));
    });

    it('opens for admins', async () => {
      production();
      signInAs(makeUser({ isAdmin: true }));
      renderApp('/test-payment');
      expect(await screen.findByRole('heading', { name: 'Test Payment' })).toBeInTheDocument();
      expect(await screen.findByText(/Diwali Celebration/)).toBeInTheDocument();
    });
  });

  it('stays open to everyone in development', async () => {
    server.use(
      http.get('/api/events', () => HttpResponse.json([makeEvent()])),
      http.get('/api/donation-types', () => HttpResponse.json([makeDonationType()])),
    );
    renderApp('/test-payment');
    expect(await screen.findByRole('heading', { name: 'Test Payment' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/test-payment');
  });
});
