import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDonationType, makeFund, makePaymentMethod } from '@/testing/data';
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

  describe('?fund= (a fund page\'s Give)', () => {
    const temple = makeFund({ id: 'f-temple', name: 'Temple Building' });
    const closed = makeFund({ id: 'f-old', name: 'Old Roof', isActive: false });

    /** Serves the funds by id (404 for any other) and counts the reads of each. */
    function serveFunds(...funds: ReturnType<typeof makeFund>[]) {
      const reads = new Map<string, number>();
      server.use(
        http.get('/api/funds/:id', ({ params }) => {
          const id = String(params.id);
          reads.set(id, (reads.get(id) ?? 0) + 1);
          const fund = funds.find((f) => f.id === id);
          return fund ? HttpResponse.json(fund) : HttpResponse.json({ message: 'Fund not found', error: 'Fund not found' }, { status: 404 });
        }),
      );
      return (id: string) => reads.get(id) ?? 0;
    }

    it("chooses the fund's own donation type, with its default amount", async () => {
      serveFunds(temple);
      server.use(
        http.get('/api/donation-types', () =>
          HttpResponse.json([makeDonationType({ name: 'Annadanam', defaultAmount: '25.00' }), makeDonationType({ name: 'Temple brick', defaultAmount: '116.00', fundId: temple.id })]),
        ),
      );
      renderApp('/donate?fund=f-temple');
      const purpose = await screen.findByRole('combobox', { name: /Purpose/ });
      await waitFor(() => expect(purpose).toHaveTextContent('Temple brick ($116.00)'));
      expect(screen.getByLabelText(/Amount/)).toHaveValue(116);
      expect(screen.getByText('Your gift goes to the Temple Building fund.')).toBeInTheDocument();
    });

    it('otherwise gives to the fund by a purpose named after it: one custom line choosing the fund', async () => {
      let zelle: Record<string, unknown> | undefined;
      serveFunds(temple);
      server.use(
        http.get('/api/donation-types', () => HttpResponse.json([makeDonationType({ name: 'Annadanam', defaultAmount: '25.00' })])),
        http.get('/api/payment-methods/active', () => HttpResponse.json([makePaymentMethod({ name: 'zelle', displayName: 'Zelle', icon: 'bank' })])),
        http.post('/api/payments/zelle-confirm', async ({ request }) => {
          zelle = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json({ receiptNumber: 'AUTO-7-7', message: 'Your Zelle payment has been recorded successfully' }, { status: 201 });
        }),
      );
      const { user } = renderApp('/donate?fund=f-temple');
      const purpose = await screen.findByRole('combobox', { name: /Purpose/ });
      await waitFor(() => expect(purpose).toHaveTextContent('Temple Building'));
      expect(screen.getByText('Your gift goes to the Temple Building fund.')).toBeInTheDocument();
      await user.clear(screen.getByLabelText(/Amount/));
      await user.type(screen.getByLabelText(/Amount/), '250');
      await user.click(screen.getByLabelText(/Your name/));
      await user.paste('Meera Iyer');
      await user.click(screen.getByLabelText(/^Email/));
      await user.paste('meera@example.org');
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

      expect(await screen.findByRole('heading', { name: 'Complete Your Donation' })).toBeInTheDocument();
      expect(screen.getByText('Temple Building')).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Continue' }));
      await user.click(await screen.findByRole('button', { name: "I've sent the payment" }));
      await waitFor(() => expect(zelle).toBeDefined());
      expect(zelle).toMatchObject({ amount: 250 });
      expect(JSON.parse(zelle?.donationDetails as string)).toEqual([{ donationTypeId: 'custom', amount: 250, name: 'Temple Building', fundId: 'f-temple' }]);
    });

    it('ignores an inactive or unknown fund: the plain donate page', async () => {
      const reads = serveFunds(closed);
      server.use(http.get('/api/donation-types', () => HttpResponse.json([makeDonationType({ name: 'Annadanam', defaultAmount: '25.00' })])));
      for (const id of ['f-old', 'no-such-fund']) {
        const { user, unmount } = renderApp(`/donate?fund=${id}`);
        const purpose = await screen.findByRole('combobox', { name: /Purpose/ });
        await waitFor(() => expect(reads(id)).toBe(1));
        await waitFor(() => expect(purpose).not.toHaveAttribute('aria-disabled'));
        expect(screen.getByLabelText(/Amount/)).toHaveValue(null);
        expect(screen.queryByText(/Your gift goes to/)).not.toBeInTheDocument();
        await user.click(purpose);
        expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Annadanam ($25.00)', 'Other']);
        unmount();
      }
    });
  });
});
