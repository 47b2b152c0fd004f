import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFund, makeGeneralFund, makeRecurringCharge, makeRecurringGift } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { RecurringGift } from '@/types/recurring-gifts';
import type { CardStep } from '../types';
import { MyRecurringGifts } from './my-recurring-gifts';

/** A card step that saves the sandbox's 4242 card at a click (the real form is the payments feature's). */
const fakeCardStep: CardStep = ({ setup, submitLabel, saveTestCard }) => (
  <button type="button" onClick={() => void saveTestCard({ outcome: 'succeeded', last4: '4444', expMonth: 1, expYear: 2031 }).catch(() => undefined)}>
    {`${submitLabel} on ${setup.setupIntentId}`}
  </button>
);

const annadanam = makeFund({ id: 'f-anna', name: 'Annadanam', goal: null });
const general = makeGeneralFund();

/** Serves GET /api/recurring-gifts/mine from a list the test can change. */
function serve(initial: RecurringGift[]) {
  let list = initial;
  server.use(
    http.get('/api/recurring-gifts/mine', () => HttpResponse.json(list)),
    http.get('/api/funds', () => HttpResponse.json([general, annadanam])),
  );
  return (next: RecurringGift[]) => (list = next);
}

/** Answers POST /api/recurring-gifts/{id}/{action} with `after`, which the list then shows; records the calls. */
function onPost(action: string, id: string, after: RecurringGift, set: (next: RecurringGift[]) => void) {
  const calls: { url: string; body: unknown }[] = [];
  server.use(
    http.post(`/api/recurring-gifts/${id}/${action}`, async ({ request }) => {
      const text = await request.text();
      const url = new URL(request.url);
      calls.push({ url: `${url.pathname}${url.search}`, body: text ? JSON.parse(text) : null });
      set([after]);
      return HttpResponse.json(after);
    }),
  );
  return calls;
}

const cardOf = (name: string | RegExp) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

beforeEach(() => {
  // The temple's today: March 10, 2027 (noon in Folsom).
  vi.useFakeTimers({ now: new Date('2027-03-10T20:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('MyRecurringGifts', () => {
  it('shows each gift: amount, frequency, fund, next date, card, status, receipts and its recent gifts', async () => {
    serve([
      makeRecurringGift({ id: 'g-1', charges: [makeRecurringCharge({ receiptNumber: 'R-2027-000123' })] }),
      makeRecurringGift({
        id: 'g-2',
        amount: '101.00',
        frequency: 'quarterly',
        fundId: 'f-building',
        fundName: 'Building Fund',
        failures: 1,
        lastError: 'Your card was declined.',
        retryOn: '2027-03-13',
        receipts: 'statement',
        card: { brand: 'visa', last4: '0341', expMonth: 4, expYear: 2030 },
        charges: [makeRecurringCharge({ status: 'failed', amount: '101.00', receiptNumber: 'R-2027-000124' })],
      }),
      makeRecurringGift({ id: 'g-3', amount: '51.00', frequency: 'yearly', status: 'paused', pausedBy: 'failures', failures: 3, lastError: 'Your card has insufficient funds.', nextChargeOn: null }),
      makeRecurringGift({ id: 'g-4', amount: '11.00', status: 'canceled', canceledAt: '2027-03-02T18:00:00Z' }),
      makeRecurringGift({ id: 'g-5', amount: '5.00', status: 'setup', card: null }),
    ]);
    renderWithProviders(<MyRecurringGifts cardStep={fakeCardStep} />);
    const list = await screen.findByRole('list', { name: 'My recurring gifts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);

    const first = cardOf('$25.00 monthly to Annadanam');
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(first).toHaveTextContent('Next giftApril 10, 2027');
    expect(first).toHaveTextContent('CardVisa ending 4242, expires 12/28');
    expect(first).toHaveTextContent('ReceiptsA receipt for each gift');
    const recent = within(first).getByRole('table', { name: 'Recent gifts: $25.00 monthly to Annadanam' });
    expect(within(recent).getByRole('link', { name: 'R-2027-000123' })).toHaveAttribute('href', '/receipts/R-2027-000123?sig=test-sig');
    expect(within(recent).getByText('Completed')).toBeInTheDocument();
    for (const name of ['Change', 'Pause', 'Update card', 'Cancel gift']) expect(within(first).getByRole('button', { name })).toBeEnabled();
    expect(within(first).queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();

    const retrying = cardOf('$101.00 quarterly to Building Fund');
    expect(retrying).toHaveTextContent('The last gift could not be charged: Your card was declined. It is tried again on March 13, 2027.');
    expect(retrying).toHaveTextContent('Next tryMarch 13, 2027');
    expect(retrying).toHaveTextContent('Year-end statement only');
    expect(within(retrying).getByText('Declined')).toBeInTheDocument();
    expect(within(retrying).queryByRole('link', { name: 'R-2027-000124' })).not.toBeInTheDocument();

    const paused = cardOf('$51.00 yearly to Annadanam');
    expect(within(paused).getByText('Paused after failed charges')).toBeInTheDocument();
    expect(paused).toHaveTextContent('After failing 3 times in a row, the gift is paused: update the card to try it again.');
    expect(within(paused).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(within(paused).queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();

    const canceled = cardOf('$11.00 monthly to Annadanam');
    expect(within(canceled).getByText('Canceled')).toBeInTheDocument();
    expect(canceled).toHaveTextContent('Canceled on Mar 02, 2027');
    expect(within(canceled).queryAllByRole('button')).toHaveLength(0);

    const waiting = cardOf('$5.00 monthly to Annadanam');
    expect(within(waiting).getByText('Waiting for a card')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Add card' })).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Give monthly' })).toHaveAttribute('href', '/donate/monthly');
  });

  it('invites a member without gifts to give monthly, and shows the loading and error states', async () => {
    serve([]);
    const { unmount } = renderWithProviders(<MyRecurringGifts cardStep={fakeCardStep} />);
    expect(screen.getByRole('status', { name: 'Loading your recurring gifts' })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText(/You have no recurring gifts\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Give monthly' })).toHaveAttribute('href', '/donate/monthly');
    unmount();

    let fail = true;
    server.use(
      http.get('/api/recurring-gifts/mine', () => (fail ? HttpResponse.json({ message: 'x' }, { status: 500 }) : HttpResponse.json([makeRecurringGift()]))),
    );
    const { user } = renderWithProviders(<MyRecurringGifts cardStep={fakeCardStep} />);
    expect(await screen.findByText('Your recurring gifts could not be loaded. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'My recurring gifts' })).toBeInTheDocument();
  });

  it('changes only what the donor changed, and shows the gift as changed', async () => {
    const gift = makeRecurringGift({ id: 'g-1' });
    const set = serve([gift]);
    const patches: unknown[] = [];
    server.use(
      http.patch('/api/recurring-gifts/g-1', async ({ request }) => {
        const body = (await request.json()) as { amount?: string };
        patches.push(body);
        const after = { ...gift, amount: '51.00' };
        set([after]);
        return HttpResponse.json(after);
      }),
    );
    const { user } = renderWithProviders(<MyRecurringGifts cardStep={fakeCardStep} />);
    await screen.findByRole('list', { name: 'My recurring gifts' });
    await user.click(within(cardOf('$25.00 monthly to Annadanam')).getByRole('button', { name: 'Change' }));
    let dialog = screen.getByRole('dialog', { name: 'Change your gift' });
    expect(within(dialog).getByRole('textbox', { name: /Amount/ })).toHaveValue('25.00');
    expect(within(dialog).getByRole('combobox', { name: /Fund/ })).toHaveTextContent('Annadanam');
    expect(within(dialog).getByRole('combobox', { name: /How often/ })).toHaveTextContent('Monthly');
    expect(within(dialog).getByLabelText(/Next gift on/)).toHaveValue('2027-04-10');
    expect(within(dialog).getByRole('combobox', { name: /Receipts/ })).toHaveTextContent('E-mail a receipt for each gift');

    // Saving with nothing changed sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches).toEqual([]);

    await user.click(within(cardOf('$25.00 monthly to Annadanam')).getByRole('button', { name: 'Change' }));
    dialog = screen.getByRole('dialog', { name: 'Change your gift' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Amount must be at least 1')).toBeInTheDocument();
    await user.type(amount, '51');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Gift changed')).toBeInTheDocument();
    expect(patches).toEqual([{ amount: '51' }]);
    expect(await screen.findByRole('heading', { level: 3, name: '$51.00 monthly to Annadanam' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a change on its field', async () => {
    const gift = makeRecurringGift({ id: 'g-1' });
    serve([gift]);
    server.use(
      http.patch('/api/recurring-gifts/g-1', () =>
        HttpResponse.json({ message: 'Choose a fund that receives gifts', errors: { fundId: 'Choose a fund that receives gifts' } }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<MyRecurringGifts cardStep={fakeCardStep} />);
    await screen.findByRole('list', { name: 'My recurring gifts' });
    await user.click(within(cardOf('$25.00 monthly to Annadanam')).getByRole('button', { name: 'Change' }));
    const dialog = screen.getByRole('dialog', { name: 'Change your gift' });
    await user.click(within(dialog).getByRole('combobox', { name: /Fund/ }));
    await user.click(await screen.findByRole('option', { name: 'General' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Choose a fund that receives gifts')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Change your gift' })).toBeInTheDocument();
  });

  it('pauses and resumes a gift', async () => {
    const gift = makeRecurringGift({ id: 'g-1' });
    const set = serve([gift]);
    const paused = onPost('pause', 'g-1', { ...gift, status: 'paused', pausedBy: 'donor', nextChargeOn: null }, set);
    const resumed = onPost('resume', 'g-1', { ...gift, nextChargeOn: '2027-04-10' }, set);
    const { user } = renderWithProviders(<MyRecurringGifts cardStep={fakeCardStep} />);
    await screen.findByRole('list', { name: 'My recurring gifts' });
    await user.click(within(cardOf('$25.00 monthly to Annadanam')).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Gift paused')).toBeInTheDocument();
    expect(paused).toHaveLength(1);
    await waitFor(() => expect(within(cardOf('$25.00 monthly to Annadanam')).getByText('Paused')).toBeInTheDocument());
    expect(cardOf('$25.00 monthly to Annadanam')).toHaveTextContent('Next giftNone while paused');

    await user.click(within(cardOf('$25.00 monthly to Annadanam')).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Gift resumed')).toBeInTheDocument();
    expect(screen.getByText('Next gift on April 10, 2027')).toBeInTheDocument();
    expect(resumed).toHaveLength(1);
    await waitFor(() => expect(within(cardOf('$25.00 monthly to Annadanam')).getByText('Active')).toBeInTheDocument());
  });

  it('says why a gift could not be paused', async () => {
    serve([makeRecurringGift({ id: 'g-1' })]);
    server.use(http.post('/api/recurring-gifts/g-1/pause', () => HttpResponse.json({ message: 'This gift is already paused' }, { status: 409 })));
    const { user } = renderWithProviders(<MyRecurringGifts cardStep={fakeCardStep} />);
    await screen.findByRole('list', { name: 'My recurring gifts' });
    await user.click(within(cardOf('$25.00 monthly to Annadanam')).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('This gift is already paused')).toBeInTheDocument();
    expect(within(cardOf('$25.00 monthly to Annadanam')).getByRole('button', { name: 'Pause' })).toBeEnabled();
  });

  it('cancels a gift after asking, and then offers nothing more to do with it', async () => {
    const gift = makeRecurringGift({ id: 'g-1' });
    const set = serve([gift]);
    const canceled = onPost('cancel', 'g-1', { ...gift, status: 'canceled', nextChargeOn: null, canceledAt: '2027-03-10T20:00:00Z' }, set);
    const { user } = renderWithProviders(<MyRecurringGifts cardStep={fakeCardStep} />);
    await screen.findByRole('list', { name: 'My recurring gifts' });
    await user.click(within(cardOf('$25.00 monthly to Annadanam')).getByRole('button', { name: 'Cancel gift' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Cancel this recurring gift?' });
    expect(dialog).toHaveTextContent('Your gift of $25.00 monthly to Annadanam ends now: no further gifts are charged.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep gift' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(canceled).toHaveLength(0);

    await user.click(within(cardOf('$25.00 monthly to Annadanam')).getByRole('button', { name: 'Cancel gift' }));
    dialog = screen.getByRole('alertdialog', { name: 'Cancel this recurring gift?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel gift' }));
    expect(await screen.findByText('Recurring gift canceled')).toBeInTheDocument();
    expect(canceled).toHaveLength(1);
    await waitFor(() => expect(within(cardOf('$25.00 monthly to Annadanam')).getByText('Canceled')).toBeInTheDocument());
    expect(within(cardOf('$25.00 monthly to Annadanam')).queryAllByRole('button')).toHaveLength(0);
  });

  it('updates the card: a new card form, then the card step saves the card on the gift', async () => {
    const gift = makeRecurringGift({ id: 'g-1' });
    const set = serve([gift]);
    server.use(
      http.post('/api/recurring-gifts/g-1/card-setup', () =>
        HttpResponse.json({ setupIntentId: 'seti_sandbox_2', clientSecret: 'seti_sandbox_2_secret_x', provider: 'sandbox' }),
      ),
    );
    const saved = onPost('card/sandbox', 'g-1', { ...gift, card: { brand: 'visa', last4: '4444', expMonth: 1, expYear: 2031 } }, set);
    const { user } = renderWithProviders(<MyRecurringGifts cardStep={fakeCardStep} />);
    await screen.findByRole('list', { name: 'My recurring gifts' });
    await user.click(within(cardOf('$25.00 monthly to Annadanam')).getByRole('button', { name: 'Update card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update your card' });
    expect(dialog).toHaveTextContent('For your gift of $25.00 monthly to Annadanam. It replaces the Visa ending 4242, expires 12/28.');
    await user.click(within(dialog).getByRole('button', { name: 'Save card on seti_sandbox_2' }));
    expect(await screen.findByText('Card updated')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        url: '/api/recurring-gifts/g-1/card/sandbox',
        body: { setupIntentId: 'seti_sandbox_2', clientSecret: 'seti_sandbox_2_secret_x', outcome: 'succeeded', last4: '4444', expMonth: 1, expYear: 2031 },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(cardOf('$25.00 monthly to Annadanam')).toHaveTextContent('Visa ending 4444, expires 01/31'));
  });
});
