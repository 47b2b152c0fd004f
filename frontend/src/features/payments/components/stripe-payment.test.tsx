import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import { CardPayment } from './card-payment';

const stripe = vi.hoisted(() => ({
  confirmPayment: vi.fn(),
  submit: vi.fn(),
  loadStripe: vi.fn(),
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => <div data-testid="stripe-elements">{children}</div>,
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
  useElements: () => ({ submit: stripe.submit }),
}));

const request = { amount: 30, donationDetails: [{ donationTypeId: 'custom', amount: 30, name: 'Other' }] };

beforeEach(() => {
  stripe.confirmPayment.mockReset();
  stripe.submit.mockReset();
  stripe.loadStripe.mockReset();
  stripe.loadStripe.mockResolvedValue({});
  stripe.submit.mockResolvedValue({});
  server.use(
    http.get('/api/config', () =>
      HttpResponse.json({ ...testConfig, paymentProvider: 'stripe', stripePublishableKey: 'pk_test_123' }),
    ),
    http.post('/api/payments/create-payment-intent', () =>
      HttpResponse.json({ clientSecret: 'pi_5_secret_y', paymentIntentId: 'pi_5', provider: 'stripe' }),
    ),
  );
});

describe('CardPayment (Stripe)', () => {
  it('loads Stripe lazily with the publishable key and shows the Payment Element, no test banner', async () => {
    renderWithProviders(<CardPayment request={request} onFinished={vi.fn()} />);
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByText('TEST MODE')).not.toBeInTheDocument();
  });

  it("confirms with the return URL and the donor's name and e-mail as billing details, then goes on after 1.5 s", async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_5', status: 'succeeded' } });
    const onFinished = vi.fn();
    const donor = { ...request, billingName: 'Meera Iyer', billingEmail: 'meera@example.org' };
    const { user } = renderWithProviders(<CardPayment request={donor} onFinished={onFinished} />);
    await user.click(await screen.findByRole('button', { name: 'Pay $30.00' }));
    await waitFor(() => expect(stripe.confirmPayment).toHaveBeenCalled());
    const args = stripe.confirmPayment.mock.calls[0][0];
    expect(args.confirmParams.return_url).toBe(`${window.location.origin}/payment-confirmation`);
    expect(args.confirmParams.payment_method_data.billing_details).toEqual({ name: 'Meera Iyer', email: 'meera@example.org' });
    expect(args.redirect).toBe('if_required');
    await waitFor(
      () =>
        expect(onFinished).toHaveBeenCalledWith({
          status: 'succeeded',
          redirectUrl: '/payment-confirmation?payment_intent=pi_5&payment_intent_client_secret=pi_5_secret_y&redirect_status=succeeded',
        }),
      { timeout: 3000 },
    );
  });

  it('shows the card-details message for validation errors', async () => {
    stripe.submit.mockResolvedValue({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } });
    const { user } = renderWithProviders(<CardPayment request={request} onFinished={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Pay $30.00' }));
    expect(await screen.findByText('Please fill in all required card details correctly.')).toBeInTheDocument();
    expect(stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it("shows the provider's message for other errors", async () => {
    stripe.confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const { user } = renderWithProviders(<CardPayment request={request} onFinished={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Pay $30.00' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByText('Payment Error')).toBeInTheDocument();
  });

  it("falls back to 'An unexpected error occurred'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stripe.confirmPayment.mockRejectedValue('boom');
    const { user } = renderWithProviders(<CardPayment request={request} onFinished={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Pay $30.00' }));
    expect(await screen.findByText('An unexpected error occurred')).toBeInTheDocument();
  });
});
