import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { emailNotVerifiedResponse, NOT_VERIFIED_MESSAGE } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import { ZELLE_STORAGE_KEY } from '../lib/payment-utils';
import { ZellePayment } from './zelle-payment';

const details = [{ donationTypeId: 'custom', amount: 51, name: 'Other' }];

describe('ZellePayment', () => {
  it('shows the temple recipient, memo and amount', async () => {
    renderWithProviders(<ZellePayment request={{ amount: 51, donationDetails: details }} onFinished={vi.fn()} />);
    expect(await screen.findByText('donations@example.org')).toBeInTheDocument();
    expect(screen.getByText('Temple donation')).toBeInTheDocument();
    expect(screen.getAllByText('$51.00').length).toBeGreaterThan(0);
  });

  it('records a direct donation without eventId and saves the server receipt number', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/payments/zelle-confirm', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          { receiptNumber: 'AUTO-999-7', message: 'Your Zelle payment has been recorded successfully', payment: { status: 'pending' } },
          { status: 201 },
        );
      }),
    );
    const onFinished = vi.fn();
    const { user } = renderWithProviders(
      <ZellePayment request={{ amount: 51, donationDetails: details }} onFinished={onFinished} />,
    );
    await user.click(await screen.findByRole('button', { name: "I've sent the payment" }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith({ redirectUrl: '/payment-confirmation', receiptNumber: 'AUTO-999-7' }));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('eventId');
    expect(bodies[0].status).toBe('success');
    expect(bodies[0].amount).toBe(51);
    expect(bodies[0].receiptNumber).toMatch(/^AUTO-\d+-\d{1,4}$/);
    expect(JSON.parse(bodies[0].donationDetails as string)).toEqual(details);
    const saved = JSON.parse(window.localStorage.getItem(ZELLE_STORAGE_KEY)!);
    expect(saved).toMatchObject({ receiptNumber: 'AUTO-999-7', amount: 51, eventId: null, status: 'pending' });
    expect(await screen.findByText('Payment Complete')).toBeInTheDocument();
    expect(screen.getByText('Your Zelle payment has been recorded successfully')).toBeInTheDocument();
  });

  it('sends the event id for an event donation', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post('/api/payments/zelle-confirm', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ receiptNumber: 'AUTO-1-1', message: 'ok' });
      }),
    );
    const { user } = renderWithProviders(
      <ZellePayment request={{ amount: 10, donationDetails: details, eventId: 'ev-7' }} onFinished={vi.fn()} />,
    );
    await user.click(await screen.findByRole('button', { name: "I've sent the payment" }));
    await waitFor(() => expect(body.eventId).toBe('ev-7'));
  });

  it('reports a failure and lets the donor try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('/api/payments/zelle-confirm', () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
    const onFinished = vi.fn();
    const { user } = renderWithProviders(
      <ZellePayment request={{ amount: 10, donationDetails: details }} onFinished={onFinished} />,
    );
    await user.click(await screen.findByRole('button', { name: "I've sent the payment" }));
    expect(await screen.findByText('Error Recording Payment')).toBeInTheDocument();
    expect(screen.getByText('Could not process your Zelle payment. Please try again or contact support.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "I've sent the payment" })).toBeEnabled();
    expect(onFinished).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(ZELLE_STORAGE_KEY)).toBeNull();
  });

  it('shows the not-verified message with the resend action when an event donation is refused (403)', async () => {
    server.use(http.post('/api/payments/zelle-confirm', () => emailNotVerifiedResponse()));
    const onFinished = vi.fn();
    const { user } = renderWithProviders(
      <ZellePayment request={{ amount: 51, donationDetails: details, eventId: 'ev-1' }} onFinished={onFinished} />,
    );
    await user.click(await screen.findByRole('button', { name: "I've sent the payment" }));
    expect(await screen.findByText(NOT_VERIFIED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
    expect(screen.queryByText('Error Recording Payment')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: "I've sent the payment" })).toBeEnabled();
    expect(onFinished).not.toHaveBeenCalled();
  });
});
