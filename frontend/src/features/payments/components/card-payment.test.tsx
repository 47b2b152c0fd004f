import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/testing/data';
import { emailNotVerifiedResponse, NOT_VERIFIED_MESSAGE } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import { CardPayment } from './card-payment';

const request = {
  amount: 40,
  donationDetails: [{ donationTypeId: '10000000-0000-4000-8000-000000000001', amount: 40, name: 'Annadanam' }],
};

type Captured = { body: unknown; key: string | null };

function intentHandler(captured: Captured[], answer = () => HttpResponse.json({ clientSecret: 'pi_9_secret_x', paymentIntentId: 'pi_9', provider: 'sandbox' })) {
  server.use(
    http.post('/api/payments/create-payment-intent', async ({ request: req }) => {
      captured.push({ body: await req.json(), key: req.headers.get('Idempotency-Key') });
      return answer();
    }),
  );
}

async function fillCard(user: ReturnType<typeof renderWithProviders>['user'], number = '4242424242424242') {
  const fields: [RegExp, string][] = [
    [/Name on card/, 'Lakshmi Rao'],
    [/Card number/, number],
    [/Expiry/, '1239'],
    [/CVC/, '123'],
  ];
  await screen.findByLabelText(/Name on card/);
  for (const [label, value] of fields) {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
}

describe('CardPayment (sandbox)', () => {
  it('creates the intent once with an Idempotency-Key and the direct-donation metadata', async () => {
    const captured: Captured[] = [];
    intentHandler(captured);
    renderWithProviders(<CardPayment request={request} onFinished={vi.fn()} />);
    expect(await screen.findByText('TEST MODE')).toBeInTheDocument();
    expect(captured).toHaveLength(1);
    expect(captured[0].key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const body = captured[0].body as { amount: number; metadata: { eventId: string; donationDetails: string } };
    expect(body.amount).toBe(40);
    expect(body.metadata.eventId).toBe('direct-donation');
    expect(JSON.parse(body.metadata.donationDetails)).toEqual(request.donationDetails);
  });

  it('sends the event id for an event donation', async () => {
    const captured: Captured[] = [];
    intentHandler(captured);
    renderWithProviders(<CardPayment request={{ ...request, eventId: 'ev-1' }} onFinished={vi.fn()} />);
    await screen.findByText('TEST MODE');
    expect((captured[0].body as { metadata: { eventId: string } }).metadata.eventId).toBe('ev-1');
  });

  it('rejects incomplete card details with a Payment Error toast and sends nothing', async () => {
    intentHandler([]);
    const confirm = vi.fn();
    server.use(http.post('/api/payments/sandbox/confirm', () => (confirm(), HttpResponse.json({ redirectUrl: '/x' }))));
    const { user } = renderWithProviders(<CardPayment request={request} onFinished={vi.fn()} />);
    await fillCard(user, '4242424242424241');
    await user.click(screen.getByRole('button', { name: 'Pay $40.00' }));
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required card details correctly.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid card number')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('confirms with the chosen test outcome and hands over the redirect URL; card data stays local', async () => {
    intentHandler([]);
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/payments/sandbox/confirm', async ({ request: req }) => {
        bodies.push(await req.json());
        return HttpResponse.json({
          redirectUrl: '/payment-confirmation?payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_x&redirect_status=failed',
        });
      }),
    );
    const onFinished = vi.fn();
    const { user } = renderWithProviders(<CardPayment request={request} onFinished={onFinished} />);
    await fillCard(user);
    await user.click(screen.getByRole('combobox', { name: 'Test outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Is declined' }));
    await user.click(screen.getByRole('button', { name: 'Pay $40.00' }));
    await waitFor(() =>
      expect(onFinished).toHaveBeenCalledWith({
        status: 'failed',
        redirectUrl: '/payment-confirmation?payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_x&redirect_status=failed',
      }),
    );
    expect(bodies).toEqual([{ paymentIntentId: 'pi_9', clientSecret: 'pi_9_secret_x', outcome: 'failed' }]);
    expect(JSON.stringify(bodies)).not.toContain('4242');
  });

  it('falls back to the confirmation URL after 1.5 s when no redirect URL comes back', async () => {
    intentHandler([]);
    server.use(http.post('/api/payments/sandbox/confirm', () => HttpResponse.json({})));
    const onFinished = vi.fn();
    const { user } = renderWithProviders(<CardPayment request={request} onFinished={onFinished} />);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $40.00' }));
    expect(await screen.findByRole('button', { name: 'Redirecting...' })).toBeDisabled();
    expect(onFinished).not.toHaveBeenCalled();
    await waitFor(
      () =>
        expect(onFinished).toHaveBeenCalledWith({
          status: 'succeeded',
          redirectUrl: '/payment-confirmation?payment_intent=pi_9&payment_intent_client_secret=pi_9_secret_x&redirect_status=succeeded',
        }),
      { timeout: 3000 },
    );
  });

  it('shows Payment Error with the server message when confirming fails', async () => {
    intentHandler([]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post('/api/payments/sandbox/confirm', () => HttpResponse.json({ message: 'Intent already confirmed' }, { status: 409 })),
    );
    const { user } = renderWithProviders(<CardPayment request={request} onFinished={vi.fn()} />);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $40.00' }));
    expect(await screen.findByText('Intent already confirmed')).toBeInTheDocument();
    expect(screen.getByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $40.00' })).toBeEnabled();
  });

  it('reports a failed initialization and retries with a new key', async () => {
    const captured: Captured[] = [];
    let fail = true;
    intentHandler(captured, () =>
      fail
        ? HttpResponse.json({ message: 'Amount too large' }, { status: 400 })
        : HttpResponse.json({ clientSecret: 's', paymentIntentId: 'pi_2', provider: 'sandbox' }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderWithProviders(<CardPayment request={request} onFinished={vi.fn()} />);
    expect(await screen.findByText('Unable to initialize payment. Please try again later.')).toBeInTheDocument();
    expect(await screen.findByText('Payment Initialization Failed')).toBeInTheDocument();
    expect(screen.getByText('Amount too large')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('TEST MODE')).toBeInTheDocument();
    expect(captured).toHaveLength(2);
    expect(captured[0].key).not.toBe(captured[1].key);
  });

  it("uses 'Failed to initialize payment' when the answer has no client secret", async () => {
    intentHandler([], () => HttpResponse.json({ message: 'ok' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<CardPayment request={request} onFinished={vi.fn()} />);
    expect(await screen.findByText('Failed to initialize payment')).toBeInTheDocument();
  });

  it('says Stripe is not configured when the provider is stripe without a key', async () => {
    const create = vi.fn();
    server.use(
      http.get('/api/config', () => HttpResponse.json({ ...testConfig, paymentProvider: 'stripe', stripePublishableKey: null })),
      http.post('/api/payments/create-payment-intent', () => (create(), HttpResponse.json({}))),
    );
    renderWithProviders(<CardPayment request={request} onFinished={vi.fn()} />);
    expect(await screen.findByText('Stripe integration is not configured')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('explains when the payment settings cannot be loaded', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    renderWithProviders(<CardPayment request={request} onFinished={vi.fn()} />);
    expect(await screen.findByText('Unable to initialize payment. Please try again later.')).toBeInTheDocument();
  });

  it('shows the not-verified message with the resend action when an event donation is refused (403)', async () => {
    intentHandler([], () => emailNotVerifiedResponse());
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<CardPayment request={{ ...request, eventId: 'ev-1' }} onFinished={vi.fn()} />);
    expect(await screen.findByText(NOT_VERIFIED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Initialization Failed')).not.toBeInTheDocument();
    expect(screen.queryByText('TEST MODE')).not.toBeInTheDocument();
  });
});
