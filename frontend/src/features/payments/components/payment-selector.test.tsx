import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/mocks/server';
import { makePaymentMethod, testConfig } from '@/testing/data';
import { currentLocation, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { PaymentSelector } from './payment-selector';

const card = makePaymentMethod({ name: 'stripe', displayName: 'Credit Card', sortOrder: 0 });
const zelle = makePaymentMethod({ name: 'Zelle', displayName: 'Zelle', icon: 'bank', sortOrder: 1 });
const paypal = makePaymentMethod({ name: 'paypal', displayName: 'PayPal', icon: 'dollar', sortOrder: 2 });
const details = [{ donationTypeId: 'custom', amount: 25, name: 'Other' }];

function methods(list = [card, zelle, paypal]) {
  server.use(http.get('/api/payment-methods/active', () => HttpResponse.json(list)));
}

describe('PaymentSelector', () => {
  it('lists the active methods and selects the first one', async () => {
    methods([zelle, card]);
    renderWithProviders(<PaymentSelector amount={25} donationDetails={details} />);
    // sorted by sortOrder: Credit Card first
    const radios = await screen.findAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(screen.getByRole('radio', { name: /Credit Card/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Zelle/ })).not.toBeChecked();
    expect(screen.getByText('$25.00')).toBeInTheDocument();
  });

  it('continues to the TEST MODE card screen for the method named stripe', async () => {
    methods();
    server.use(
      http.post('/api/payments/create-payment-intent', () =>
        HttpResponse.json({ clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1', provider: 'sandbox' }),
      ),
    );
    const { user } = renderWithProviders(<PaymentSelector amount={25} donationDetails={details} />);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('TEST MODE')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $25.00' })).toBeInTheDocument();
  });

  it('continues to the Zelle screen, matching the name case-insensitively', async () => {
    methods();
    const { user } = renderWithProviders(<PaymentSelector amount={25} donationDetails={details} />);
    await user.click(await screen.findByRole('radio', { name: /Zelle/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(testConfig.zelle.recipient)).toBeInTheDocument();
    expect(screen.getByText(testConfig.zelle.memo)).toBeInTheDocument();
    // back link returns to the list
    await user.click(screen.getByRole('button', { name: 'Back to payment methods' }));
    expect(screen.getByRole('radio', { name: /Zelle/ })).toBeChecked();
  });

  it('shows the not-implemented notice with Go Back for any other method', async () => {
    methods();
    const { user } = renderWithProviders(<PaymentSelector amount={25} donationDetails={details} />);
    await user.click(await screen.findByRole('radio', { name: /PayPal/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Payment method not implemented yet.')).toBeInTheDocument();
    expect(screen.getByText('Payment method PayPal is not fully implemented yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByRole('radio', { name: /PayPal/ })).toBeChecked();
  });

  it('shows the load error with the server text', async () => {
    server.use(http.get('/api/payment-methods/active', () => HttpResponse.text('database down', { status: 500 })));
    renderWithProviders(<PaymentSelector amount={25} donationDetails={details} />);
    expect(await screen.findByText('Error loading payment methods. Please try again later.')).toBeInTheDocument();
    expect(
      screen.getByText('Error loading payment methods: Failed to fetch payment methods: database down'),
    ).toBeInTheDocument();
  });

  it('shows the empty state and logs a warning when no method is active', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    methods([]);
    renderWithProviders(<PaymentSelector amount={25} donationDetails={details} />);
    expect(await screen.findByText('No payment methods available')).toBeInTheDocument();
    expect(screen.getByText('Please try again later or contact temple administration.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('asks for an amount when it is not above 0', () => {
    methods();
    renderWithProviders(<PaymentSelector amount={0} donationDetails={details} />);
    expect(screen.getByText('Please select a donation amount to proceed with payment.')).toBeInTheDocument();
  });

  it('refreshes the list on demand', async () => {
    let calls = 0;
    server.use(
      http.get('/api/payment-methods/active', () => {
        calls += 1;
        return HttpResponse.json(calls === 1 ? [card] : [card, zelle]);
      }),
    );
    const { user } = renderWithProviders(<PaymentSelector amount={25} donationDetails={details} />);
    await screen.findByRole('radio', { name: /Credit Card/ });
    await user.click(screen.getByRole('button', { name: 'Refresh payment methods' }));
    expect(await screen.findByRole('radio', { name: /Zelle/ })).toBeInTheDocument();
  });

  it('after a Zelle payment goes to /payment-confirmation by default', async () => {
    methods([zelle]);
    server.use(
      http.post('/api/payments/zelle-confirm', () =>
        HttpResponse.json({ receiptNumber: 'AUTO-1-1', message: 'Your Zelle payment has been recorded successfully' }, { status: 201 }),
      ),
    );
    const { user } = renderWithProviders(<PaymentSelector amount={25} donationDetails={details} />);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: "I've sent the payment" }));
    await waitFor(() => expect(currentLocation()).toBe('/payment-confirmation'));
  });

  it('reports completion to onComplete instead of navigating', async () => {
    methods([zelle]);
    server.use(
      http.post('/api/payments/zelle-confirm', () => HttpResponse.json({ receiptNumber: 'AUTO-1-1', message: 'ok' })),
    );
    const onComplete = vi.fn();
    const { user } = renderWithProviders(
      <PaymentSelector amount={25} donationDetails={details} onComplete={onComplete} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: "I've sent the payment" }));
    await waitFor(() =>
      expect(onComplete).toHaveBeenCalledWith({
        method: 'zelle',
        methodName: 'Zelle',
        amount: 25,
        status: 'succeeded',
        redirectUrl: '/payment-confirmation',
      }),
    );
    expect(currentLocation()).toBe('/');
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Payment Complete')).toBeInTheDocument();
  });
});
