import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makePayment } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen } from '@/testing/test-utils';
import { ZELLE_STORAGE_KEY } from '../lib/payment-utils';
import { PaymentConfirmation, resolveConfirmation } from './payment-confirmation';

const render = (query: string) => renderWithProviders(<PaymentConfirmation />, { route: `/payment-confirmation${query}` });

describe('resolveConfirmation', () => {
  it('follows the payment states of docs/product.md#states-and-flows', () => {
    const r = (q: string) => resolveConfirmation(new URLSearchParams(q)).state.status;
    expect(r('redirect_status=succeeded')).toBe('success');
    expect(r('redirect_status=failed')).toBe('failed');
    expect(r('redirect_status=processing')).toBe('processing');
    expect(r('payment_intent=pi_1')).toBe('processing');
    expect(r('payment_intent_client_secret=s')).toBe('processing');
    expect(r('')).toBe('failed');
  });
});

describe('PaymentConfirmation', () => {
  it('checks first, then shows success with the server record', async () => {
    server.use(
      http.get('/api/payments/intent/pi_1', ({ request }) => {
        const secret = new URL(request.url).searchParams.get('clientSecret');
        return secret === 'sec_1'
          ? HttpResponse.json(makePayment({ amount: '40.00', status: 'completed', receiptNumber: 'R-77', eventName: 'Diwali' }))
          : HttpResponse.json({ message: 'not found' }, { status: 404 });
      }),
    );
    render('?payment_intent=pi_1&payment_intent_client_secret=sec_1&redirect_status=succeeded');
    expect(screen.getByText('Checking payment status...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment Successful' }, { timeout: 2000 })).toBeInTheDocument();
    expect(await screen.findByText('R-77')).toBeInTheDocument();
    expect(screen.getByText('$40.00')).toBeInTheDocument();
    expect(screen.getByText('Diwali')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  });

  it('shows a failed payment with the Payment Failed toast', async () => {
    render('?redirect_status=failed');
    expect(await screen.findByRole('heading', { name: 'Payment Failed' }, { timeout: 2000 })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment Failed');
  });

  it('treats an intent without a status as processing', async () => {
    server.use(http.get('/api/payments/intent/pi_2', () => HttpResponse.json(makePayment({ status: 'pending', paymentMethod: 'credit_card' }))));
    render('?payment_intent=pi_2&payment_intent_client_secret=s2');
    expect(await screen.findByRole('heading', { name: 'Payment Processing' }, { timeout: 2000 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Check status again' })).toBeInTheDocument();
  });

  it('uses the saved Zelle record, then clears it', async () => {
    window.localStorage.setItem(
      ZELLE_STORAGE_KEY,
      JSON.stringify({ receiptNumber: 'AUTO-5-5', amount: 21, eventId: null, donationDetails: [], recordedAt: '', status: 'pending' }),
    );
    render('');
    // Pending until the temple confirms it: recorded and awaiting confirmation, not a success.
    expect(await screen.findByRole('heading', { name: 'Zelle Payment Recorded' }, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful')).not.toBeInTheDocument();
    expect(screen.getByText('Awaiting confirmation')).toBeInTheDocument();
    expect(screen.getByText(/Your Zelle payment has been recorded successfully. It is awaiting confirmation/)).toBeInTheDocument();
    expect(screen.getByText('AUTO-5-5')).toBeInTheDocument();
    expect(screen.getByText('$21.00')).toBeInTheDocument();
    expect(window.localStorage.getItem(ZELLE_STORAGE_KEY)).toBeNull();
  });

  it('says the payment information is missing otherwise', async () => {
    render('');
    expect(await screen.findByRole('heading', { name: 'Payment Information Missing' }, { timeout: 2000 })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not verify payment status');
  });
});
