import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';
import { makeFund, makeGeneralFund, makeRecurringCharge, makeRecurringGift, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { RecurringGift } from '@/types/recurring-gifts';
import type { CardStep } from '../types';
import { StartRecurringGift } from './start-recurring-gift';

/** A card step that saves the card at a click (the real form is the payments feature's, composed in src/app). */
const fakeCardStep: CardStep = ({ setup, submitLabel, billing, saveTestCard }) => (
  <div>
    <p>{`Card form ${setup.setupIntentId} for ${billing.name} (${billing.email ?? ''})`}</p>
    <button type="button" onClick={() => void saveTestCard({ outcome: 'succeeded', last4: '4242', expMonth: 12, expYear: 2034 }).catch(() => undefined)}>
      {submitLabel}
    </button>
  </div>
);

const general = makeGeneralFund();
const annadanam = makeFund({ id: 'f-anna', name: 'Annadanam', goal: null });
const member = makeUser({ firstName: 'Lakshmi', lastName: 'Rao', email: 'lakshmi@example.org' });

type Recorded = { url: string; key: string | null; body: Record<string, unknown> };

/**
 * The server's side of starting a gift: POST /api/recurring-gifts answers `gift` (waiting for its
 * card), saving the card answers `saved`; each request is recorded.
 */
function serve(gift: RecurringGift, saved: RecurringGift, manageUrl = `/giving/recurring/${gift.id}?token=tok-1`) {
  const calls: Recorded[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = await request.text();
    calls.push({ url: `${url.pathname}${url.search}`, key: request.headers.get('Idempotency-Key'), body: text ? JSON.parse(text) : {} });
  };
  server.use(
    http.get('/api/funds', () => HttpResponse.json([general, annadanam])),
    http.post('/api/recurring-gifts', async ({ request }) => {
      await record(request);
      return HttpResponse.json(
        { gift, setup: { setupIntentId: 'seti_sandbox_1', clientSecret: 'seti_sandbox_1_secret_x', provider: 'sandbox' }, manageUrl },
        { status: 201 },
      );
    }),
    http.post(`/api/recurring-gifts/${gift.id}/card/sandbox`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(saved);
    }),
  );
  return calls;
}

async function fill(user: UserEvent, label: RegExp, text: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/** The done step's message: what was set up. */
const doneAlert = () => screen.getByText(/ gift of .* is set up\./).closest('.MuiAlert-root') as HTMLElement;

beforeEach(() => {
  // The temple's today: March 10, 2027 (noon in Folsom).
  vi.useFakeTimers({ now: new Date('2027-03-10T20:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('StartRecurringGift', () => {
  it('takes a member from the gift’s terms to the card, then says what was set up and its first gift', async () => {
    const waiting = makeRecurringGift({ id: 'g-1', status: 'setup', card: null, nextChargeOn: '2027-03-10' });
    const charged = makeRecurringGift({ id: 'g-1', nextChargeOn: '2027-04-10', charges: [makeRecurringCharge({ receiptNumber: 'R-2027-000777' })] });
    const calls = serve(waiting, charged);
    const { user } = renderWithProviders(<StartRecurringGift cardStep={fakeCardStep} />, { as: member });

    expect(await screen.findByRole('heading', { level: 1, name: 'Give monthly' })).toBeInTheDocument();
    // Monthly, the General fund, today and a receipt for each gift, until the donor says otherwise.
    expect(screen.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Fund/ })).toHaveTextContent('General'));
    expect(screen.getByLabelText(/First gift on/)).toHaveValue('2027-03-10');
    expect(screen.getByRole('radio', { name: 'E-mail a receipt for each gift' })).toBeChecked();
    expect(screen.getByText(/Your receipts go to Lakshmi Rao at lakshmi@example.org/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Your name/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    expect(await screen.findByText('Amount must be at least 1')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await fill(user, /^Amount/, '25');
    await user.click(screen.getByRole('combobox', { name: /Fund/ }));
    await user.click(await screen.findByRole('option', { name: 'Annadanam' }));
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your card' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: '/api/recurring-gifts',
      body: { amount: '25', frequency: 'monthly', fundId: 'f-anna', startOn: '2027-03-10', receipts: 'each' },
    });
    expect(calls[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText('Card form seti_sandbox_1 for Lakshmi Rao (lakshmi@example.org)')).toBeInTheDocument();
    expect(screen.getByText('$25.00 monthly')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start my monthly gift' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeInTheDocument();
    // Saved with the gift's signed link (the token of its manageUrl).
    expect(calls[1]).toEqual({
      url: '/api/recurring-gifts/g-1/card/sandbox?token=tok-1',
      key: null,
      body: { setupIntentId: 'seti_sandbox_1', clientSecret: 'seti_sandbox_1_secret_x', outcome: 'succeeded', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    const done = doneAlert();
    expect(done).toHaveTextContent('Your monthly gift of $25.00 to Annadanam is set up.');
    expect(done).toHaveTextContent('First gift on March 10, 2027. It was made today: thank you! Receipt R-2027-000777. Next gift on April 10, 2027.');
    expect(screen.getByText('Visa ending 4242, expires 12/28')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Donations' })).toHaveAttribute('href', '/my-donations');
    expect(screen.queryByText('Your first gift did not go through')).not.toBeInTheDocument();
  });

  it('asks a guest for a name and an e-mail, and gives the gift’s own link', async () => {
    const waiting = makeRecurringGift({ id: 'g-2', status: 'setup', card: null, member: false, donorName: 'Meera Iyer', donorEmail: 'meera@example.org', startOn: '2027-04-01' });
    const saved = { ...waiting, status: 'active' as const, nextChargeOn: '2027-04-01', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 } };
    const calls = serve(waiting, saved);
    const { user } = renderWithProviders(<StartRecurringGift cardStep={fakeCardStep} fundId="f-anna" />);

    await waitFor(() => expect(screen.getByRole('combobox', { name: /Fund/ })).toHaveTextContent('Annadanam'));
    await fill(user, /^Amount/, '1,001');
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText("Enter your e-mail address, for your receipts and this gift's link")).toBeInTheDocument();

    await fill(user, /Your name/, 'Meera Iyer');
    await fill(user, /^Email/, 'meera@example.org');
    await fill(user, /First gift on/, '2027-04-01');
    await user.click(screen.getByRole('radio', { name: 'Quarterly' }));
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your card' })).toBeInTheDocument();
    expect(calls[0].body).toEqual({
      amount: '1001',
      frequency: 'quarterly',
      fundId: 'f-anna',
      startOn: '2027-04-01',
      receipts: 'each',
      name: 'Meera Iyer',
      email: 'meera@example.org',
    });

    await user.click(screen.getByRole('button', { name: /^Start my / }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeInTheDocument();
    expect(doneAlert()).toHaveTextContent('First gift on April 1, 2027.');
    expect(screen.getByRole('link', { name: "your gift's own page" })).toHaveAttribute('href', '/giving/recurring/g-2?token=tok-1');
    expect(screen.getByText(/Keep the link: it is also in the e-mail confirming your gift, and in every receipt e-mail\./)).toBeInTheDocument();
  });

  it('says plainly when the first gift was declined, and takes another card', async () => {
    const waiting = makeRecurringGift({ id: 'g-3', status: 'setup', card: null });
    const declined = makeRecurringGift({
      id: 'g-3',
      nextChargeOn: '2027-03-10',
      failures: 1,
      lastError: 'Your card was declined.',
      retryOn: '2027-03-13',
      card: { brand: 'visa', last4: '0341', expMonth: 12, expYear: 2034 },
      charges: [makeRecurringCharge({ status: 'failed' })],
    });
    serve(waiting, declined);
    const { user } = renderWithProviders(<StartRecurringGift cardStep={fakeCardStep} />, { as: member });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Fund/ })).toHaveTextContent('General'));
    await fill(user, /^Amount/, '25');
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    await user.click(await screen.findByRole('button', { name: 'Start my monthly gift' }));

    const failure = (await screen.findByText('Your first gift did not go through')).closest('[role="alert"]') as HTMLElement;
    expect(failure).toHaveTextContent('The last gift could not be charged: Your card was declined. It is tried again on March 13, 2027.');
    expect(screen.getByText('Visa ending 0341, expires 12/34')).toBeInTheDocument();

    let setups = 0;
    const charged = makeRecurringGift({ id: 'g-3', charges: [makeRecurringCharge(), makeRecurringCharge({ status: 'failed' })] });
    server.use(
      http.post('/api/recurring-gifts/g-3/card-setup', ({ request }) => {
        setups += 1;
        expect(new URL(request.url).searchParams.get('token')).toBe('tok-1');
        return HttpResponse.json({ setupIntentId: 'seti_sandbox_2', clientSecret: 'seti_sandbox_2_secret_y', provider: 'sandbox' });
      }),
      http.post('/api/recurring-gifts/g-3/card/sandbox', () => HttpResponse.json(charged)),
    );
    await user.click(within(failure).getByRole('button', { name: 'Use another card' }));
    expect(await screen.findByText('Card form seti_sandbox_2 for Lakshmi Rao (lakshmi@example.org)')).toBeInTheDocument();
    expect(setups).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeInTheDocument();
    expect(screen.queryByText('Your first gift did not go through')).not.toBeInTheDocument();
    expect(doneAlert()).toHaveTextContent('It was made today: thank you!');
  });

  it('shows the server’s refusal of the terms on their fields', async () => {
    serve(makeRecurringGift(), makeRecurringGift());
    server.use(
      http.post('/api/recurring-gifts', () =>
        HttpResponse.json({ message: 'Choose a date within a year', errors: { startOn: 'Choose a date within a year' } }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<StartRecurringGift cardStep={fakeCardStep} />, { as: member });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Fund/ })).toHaveTextContent('General'));
    await fill(user, /^Amount/, '25');
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    expect(await screen.findAllByText('Choose a date within a year')).toHaveLength(2); // the field's message and the toast
    expect(screen.getByRole('heading', { level: 1, name: 'Give monthly' })).toBeInTheDocument();
  });
});
