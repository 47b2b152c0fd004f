import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDonationType, makePaymentMethod } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, waitFor } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

describe('/donate', () => {
  it('takes a guest from the donation form to Zelle and the confirmation page', async () => {
    let zelle: Record<string, unknown> | undefined;
    server.use(
      http.get('/api/donation-types', () => HttpResponse.json([makeDonationType({ name: 'Annadanam', defaultAmount: '51.00' })])),
      http.get('/api/payment-methods/active', () =>
        HttpResponse.json([makePaymentMethod({ name: 'zelle', displayName: 'Zelle', icon: 'bank' })]),
      ),
      http.post('/api/payments/zelle-confirm', async ({ request }) => {
        zelle = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ receiptNumber: 'AUTO-42-42', message: 'Your Zelle payment has been recorded successfully' }, { status: 201 });
      }),
    );
    const { user } = renderApp('/donate');
    expect(await screen.findByRole('heading', { name: 'Make a Donation' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Purpose/ }));
    await user.click(await screen.findByRole('option', { name: /Annadanam/ }));
    await user.click(screen.getByLabelText(/Notes/));
    await user.paste('For the annadanam');
    await user.click(screen.getByLabelText(/Your name/));
    await user.paste('Meera Iyer');
    await user.click(screen.getByLabelText(/^Email/));
    await user.paste('meera@example.org');
    await user.click(screen.getByLabelText(/In honor/));
    await user.paste('For my parents');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByRole('heading', { name: 'Complete Your Donation' })).toBeInTheDocument();
    expect(screen.getAllByText('$51.00').length).toBeGreaterThan(0);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: "I've sent the payment" }));

    await waitFor(() => expect(currentLocation()).toBe('/payment-confirmation'));
    expect(zelle).toMatchObject({
      amount: 51,
      status: 'success',
      notes: 'For the annadanam',
      donorName: 'Meera Iyer',
      donorEmail: 'meera@example.org',
      inHonorOf: 'For my parents',
    });
    expect(zelle).not.toHaveProperty('donorAddress');
    expect(zelle).not.toHaveProperty('eventId');
    expect(await screen.findByText('Donation Successful')).toBeInTheDocument();
    // A Zelle gift is recorded, not yet received: the page says it awaits the temple's confirmation.
    expect(await screen.findByRole('heading', { name: 'Zelle Payment Recorded' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText(/awaiting confirmation/)).toBeInTheDocument();
    expect(screen.getByText('AUTO-42-42')).toBeInTheDocument();
  });

  it('goes back to edit the details from the payment step', async () => {
    server.use(
      http.get('/api/donation-types', () => HttpResponse.json([])),
      http.get('/api/payment-methods/active', () => HttpResponse.json([])),
    );
    const { user } = renderApp('/donate');
    await user.click(await screen.findByRole('combobox', { name: /Purpose/ }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.click(screen.getByLabelText(/Your name/));
    await user.paste('Ravi');
    await user.click(screen.getByLabelText(/^Email/));
    await user.paste('ravi@example.org');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('No payment methods available')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit donation details' }));
    expect(screen.getByLabelText(/Amount/)).toBeInTheDocument();
  });
});
