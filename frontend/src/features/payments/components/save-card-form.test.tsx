import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { testConfig } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { SaveCardForm } from './save-card-form';

const stripe = vi.hoisted(() => ({ confirmSetup: vi.fn(), submit: vi.fn(), loadStripe: vi.fn() }));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: React.ReactNode; options: { clientSecret: string } }) => (
    <div data-testid="stripe-elements" data-secret={options.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => ({ confirmSetup: stripe.confirmSetup }),
  useElements: () => ({ submit: stripe.submit }),
}));

const sandboxSetup = { setupIntentId: 'seti_sandbox_1', clientSecret: 'seti_sandbox_1_secret_x', provider: 'sandbox' as const };
const stripeSetup = { setupIntentId: 'seti_1', clientSecret: 'seti_1_secret_y', provider: 'stripe' as const };
const billing = { name: 'Meera Iyer', email: 'meera@example.org' };

async function fillCard(user: ReturnType<typeof renderWithProviders>['user'], number: string, expiry = '1234') {
  const fields: [RegExp, string][] = [
    [/Name on card/, 'Meera Iyer'],
    [/Card number/, number],
    [/Expiry/, expiry],
    [/CVC/, '123'],
  ];
  await screen.findByLabelText(/Name on card/);
  for (const [label, value] of fields) {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
}

beforeEach(() => {
  stripe.confirmSetup.mockReset();
  stripe.submit.mockReset().mockResolvedValue({});
  stripe.loadStripe.mockReset().mockResolvedValue({});
});

describe('SaveCardForm (sandbox)', () => {
  it('saves a card: no "Stays processing", and the card’s last four digits and expiry go with the outcome', async () => {
    const saveTestCard = vi.fn().mockResolvedValue(undefined);
    const saveConfirmedCard = vi.fn();
    const { user } = renderWithProviders(
      <SaveCardForm setup={sandboxSetup} submitLabel="Start my monthly gift" billing={billing} saveTestCard={saveTestCard} saveConfirmedCard={saveConfirmedCard} />,
    );
    expect(await screen.findByText(/only the card's last four digits and expiry leave this page/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Test outcome' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Succeeds', 'Is declined']);
    await user.click(screen.getByRole('option', { name: 'Succeeds' }));

    // Incomplete details send nothing.
    await user.click(screen.getByRole('button', { name: 'Start my monthly gift' }));
    expect(await screen.findByText('Card not saved')).toBeInTheDocument();
    expect(saveTestCard).not.toHaveBeenCalled();

    await fillCard(user, '4000 0000 0000 0341');
    await user.click(screen.getByRole('button', { name: 'Start my monthly gift' }));
    await waitFor(() => expect(saveTestCard).toHaveBeenCalledWith({ outcome: 'succeeded', last4: '0341', expMonth: 12, expYear: 2034 }));
    expect(saveConfirmedCard).not.toHaveBeenCalled();
  });

  it('shows a declined card on the card number', async () => {
    const saveTestCard = vi.fn().mockRejectedValue(
      new ApiError(400, 'Bad Request', JSON.stringify({ message: 'Your card was declined. Try another card.', errors: { card: 'Your card was declined. Try another card.' } })),
    );
    const { user } = renderWithProviders(
      <SaveCardForm setup={sandboxSetup} submitLabel="Save card" billing={billing} saveTestCard={saveTestCard} saveConfirmedCard={vi.fn()} />,
    );
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('combobox', { name: 'Test outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Is declined' }));
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(saveTestCard).toHaveBeenCalledWith({ outcome: 'failed', last4: '4242', expMonth: 12, expYear: 2034 }));
    expect(await screen.findByText('Card not saved')).toBeInTheDocument();
    expect(screen.getByLabelText(/Card number/)).toHaveAccessibleDescription('Your card was declined. Try another card.');
    expect(screen.getByRole('button', { name: 'Save card' })).toBeEnabled();
  });
});

describe('SaveCardForm (Stripe)', () => {
  beforeEach(() => {
    server.use(http.get('/api/config', () => HttpResponse.json({ ...testConfig, paymentProvider: 'stripe', stripePublishableKey: 'pk_test_123' })));
  });

  it('confirms the SetupIntent in the browser, then has the server read the card', async () => {
    stripe.confirmSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    const saveConfirmedCard = vi.fn().mockResolvedValue(undefined);
    const { user } = renderWithProviders(
      <SaveCardForm setup={stripeSetup} submitLabel="Start my monthly gift" billing={billing} saveTestCard={vi.fn()} saveConfirmedCard={saveConfirmedCard} />,
    );
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(screen.getByTestId('stripe-elements')).toHaveAttribute('data-secret', 'seti_1_secret_y');
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByText('TEST MODE')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start my monthly gift' }));
    await waitFor(() => expect(saveConfirmedCard).toHaveBeenCalledTimes(1));
    const args = stripe.confirmSetup.mock.calls[0][0];
    expect(args.redirect).toBe('if_required');
    expect(args.confirmParams.payment_method_data.billing_details).toEqual(billing);
  });

  it('says why Stripe refused the card, and saves nothing', async () => {
    stripe.confirmSetup.mockResolvedValue({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const saveConfirmedCard = vi.fn();
    const { user } = renderWithProviders(
      <SaveCardForm setup={stripeSetup} submitLabel="Save card" billing={billing} saveTestCard={vi.fn()} saveConfirmedCard={saveConfirmedCard} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByText('Card not saved')).toBeInTheDocument();
    expect(saveConfirmedCard).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save card' })).toBeEnabled();
  });
});
