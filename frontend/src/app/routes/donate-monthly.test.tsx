import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFund, makeGeneralFund, makeRecurringCharge, makeRecurringGift, makeUser } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/mocks/server';
import { screen, signInAs, waitFor, within } from '@/testing/test-utils';

// The recurring gifts' pages as the app routes them (after the entry's own routes, src/app/more-routes.tsx),
// with the payments feature's sandbox form as their card step.

const annadanam = makeFund({ id: 'f-anna', name: 'Annadanam', goal: null });

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2027-03-10T20:00:00Z'), toFake: ['Date'] });
  server.use(http.get('/api/funds', () => HttpResponse.json([makeGeneralFund(), annadanam])));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/donate/monthly', () => {
  it('sets up a member’s monthly gift with the sandbox card form: the card’s last four digits and expiry are saved', async () => {
    signInAs(makeUser());
    const waiting = makeRecurringGift({ id: 'g-1', status: 'setup', card: null });
    const saved = makeRecurringGift({ id: 'g-1', charges: [makeRecurringCharge()] });
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/recurring-gifts', () =>
        HttpResponse.json(
          { gift: waiting, setup: { setupIntentId: 'seti_sandbox_1', clientSecret: 'seti_sandbox_1_secret_x', provider: 'sandbox' }, manageUrl: '/giving/recurring/g-1?token=t' },
          { status: 201 },
        ),
      ),
      http.post('/api/recurring-gifts/g-1/card/sandbox', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(saved);
      }),
    );
    const { user } = renderApp('/donate/monthly?fund=f-anna');
    expect(await screen.findByRole('heading', { level: 1, name: 'Give monthly' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Fund/ })).toHaveTextContent('Annadanam'));
    await user.click(screen.getByLabelText(/^Amount/));
    await user.paste('25');
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));

    const form = await screen.findByRole('form', { name: 'Card (test mode)' });
    expect(within(form).getByText('TEST MODE')).toBeInTheDocument();
    for (const [label, value] of [
      [/Name on card/, 'Lakshmi Rao'],
      [/Card number/, '4242424242424242'],
      [/Expiry/, '1228'],
      [/CVC/, '123'],
    ] as const) {
      await user.click(within(form).getByLabelText(label));
      await user.paste(value);
    }
    await user.click(within(form).getByRole('button', { name: 'Start my monthly gift' }));
    expect(await screen.findByText('Your monthly gift of $25.00 to Annadanam is set up.')).toBeInTheDocument();
    expect(bodies).toEqual([{ setupIntentId: 'seti_sandbox_1', clientSecret: 'seti_sandbox_1_secret_x', outcome: 'succeeded', last4: '4242', expMonth: 12, expYear: 2028 }]);
    expect(JSON.stringify(bodies)).not.toContain('4242424242424242');
  });

  it('is linked from the donate page, with the fund chosen there', async () => {
    server.use(http.get('/api/donation-types', () => HttpResponse.json([])), http.get('/api/funds/f-anna', () => HttpResponse.json(annadanam)));
    const { user } = renderApp('/donate?fund=f-anna');
    const link = await screen.findByRole('link', { name: 'Give monthly' });
    await waitFor(() => expect(link).toHaveAttribute('href', '/donate/monthly?fund=f-anna'));
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Give monthly' })).toBeInTheDocument();
  });
});

describe('/giving/recurring/:id', () => {
  it('opens a gift by its signed link', async () => {
    server.use(
      http.get('/api/recurring-gifts/g-7', ({ request }) =>
        new URL(request.url).searchParams.get('token') === 'sig' ? HttpResponse.json(makeRecurringGift({ id: 'g-7', member: false })) : HttpResponse.json({}, { status: 404 }),
      ),
    );
    renderApp('/giving/recurring/g-7?token=sig');
    expect(await screen.findByRole('region', { name: '$25.00 monthly to Annadanam' })).toBeInTheDocument();
  });

  it('leaves other unknown paths to the 404 page', async () => {
    renderApp('/giving/nothing-here');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});
