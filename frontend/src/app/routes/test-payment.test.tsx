import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeUser } from '@/testing/data';
import { makeDonationType, makePaymentMethod } from '@/testing/data-part2';
import { server } from '@/testing/mocks/server';
import { currentLocation, renderApp, screen, signInAs, waitFor } from '@/testing/test-utils';

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
    expect(await screen.findByText('Zelle payment of $5.00')).toBeInTheDocument();
    expect(zelle?.eventId).toBe('first');
    expect(currentLocation()).toBe('/test-payment');
    await waitFor(() => expect(currentLocation()).toBe('/'), { timeout: 4500 });
  });
});
