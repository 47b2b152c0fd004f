import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDonationType, makeEvent, makePayment, makeSeva, makeStaff, makeUser, testSite } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';
import type { CounterPerson, CounterSale, CounterSaleRequest, Member, Receipt } from '@/types/api';

const lakshmi: Member = {
  id: 'u-lakshmi',
  firstName: 'Lakshmi',
  lastName: 'Rao',
  email: 'lakshmi@example.org',
  phoneNumber: '9165550100',
  emailVerified: true,
  isAdmin: false,
  roles: [],
  createdAt: '2026-01-01T00:00:00Z',
};

/** A walk-in who gave at the counter before: his donor record. */
const gopal: CounterPerson = {
  kind: 'walkIn',
  member: null,
  walkIn: { id: 'donor-gopal', name: 'Gopal Iyer', email: null, phone: '(916) 555-0177', address: null },
};

const archana = makeSeva({ id: 'seva-archana', name: 'Archana', priceCents: 1100, capacityMode: 'daily', slots: [], dailyCapacity: 20 });
const annadanam = makeDonationType({ id: '11111111-1111-4111-8111-111111111111', name: 'Annadanam', defaultAmount: null });

function sold(request: CounterSaleRequest): CounterSale {
  return {
    id: 'sale-1',
    donorId: null,
    payment: makePayment({ id: 'p1', amount: '62.00', status: 'completed', channel: 'counter', paymentMethod: 'cash', receiptNumber: 'AUTO-1-7', donorEmail: 'lakshmi@example.org', userId: lakshmi.id }),
    tenders: [{ method: 'cash', amount: '62.00', tendered: String(request.tenders[0]?.tendered ?? '62.00'), change: '38.00', checkNumber: null, bank: null, checkDate: null, paymentIntentId: null }],
    registrations: [],
    change: '38.00',
    staffName: 'Desk Staff',
    createdAt: '2026-11-25T18:00:00Z',
    voided: null,
    deposit: null,
    receiptLink: 'http://temple.test/receipts/AUTO-1-7?sig=s1',
    receiptQr: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><rect width="29" height="29" fill="#fff"/></svg>',
  };
}

const receipt: Receipt = {
  receiptNumber: 'AUTO-1-7',
  date: 'November 25, 2026',
  paidAt: '2026-11-25T18:00:00Z',
  amount: '62.00',
  method: 'Cash',
  eventName: null,
  lines: [
    { label: 'Archana', amount: '11.00', kind: 'donation', value: null },
    { label: 'Annadanam', amount: '51.00', kind: 'donation', value: null },
  ],
  donorName: 'Lakshmi Rao',
  donorEmail: 'lakshmi@example.org',
  donorAddress: null,
  inHonorOf: null,
  organization: 'Sri Venkateswara Temple of Folsom',
  ein: '12-3456789',
  organizationAddress: null,
  acknowledgement: 'No goods or services were provided in exchange for this contribution.',
  deductible: '62.00',
  test: false,
};

function serve(onSale: (key: string | null, body: CounterSaleRequest) => Response | Promise<Response>) {
  server.use(
    http.get('/api/donation-types', () => HttpResponse.json([annadanam])),
    http.get('/api/sevas', () => HttpResponse.json([archana])),
    http.get('/api/counter/people', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      const people: CounterPerson[] = [{ kind: 'member', member: lakshmi, walkIn: null }, gopal];
      return HttpResponse.json(people.filter((p) => (p.member ? 'lakshmi rao' : 'gopal iyer').includes(q)));
    }),
    http.post('/api/counter/sales', async ({ request }) => onSale(request.headers.get('Idempotency-Key'), (await request.json()) as CounterSaleRequest)),
    http.get('/api/receipts/:number', () => HttpResponse.json(receipt)),
  );
}

/** Serves the counter, which records every sale it is sent; answers what it was sent (each key and body). */
function serveRecording() {
  const sent: { key: string | null; body: CounterSaleRequest }[] = [];
  serve((key, body) => {
    sent.push({ key, body });
    return HttpResponse.json(sold(body), { status: 201 });
  });
  return sent;
}

/** Adds today's archana as the sale's first seva. */
async function addArchana(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Add seva' }));
  await user.click(screen.getByRole('combobox', { name: 'Seva 1' }));
  await user.click(await screen.findByRole('option', { name: 'Archana · $11.00' }));
}

describe('/counter', () => {
  it('finds a member, books an archana and takes a donation and cash, shows the change and prints the receipt', async () => {
    signInAs(makeStaff(['front_desk']));
    const sent = serveRecording();
    const { user } = renderApp('/counter');
    await user.type(await screen.findByRole('combobox', { name: /Find a member/ }), 'laks');
    await user.click(await screen.findByRole('option', { name: /Lakshmi Rao/ }));
    await addArchana(user);
    await user.click(screen.getByRole('combobox', { name: 'Line 1: purpose' }));
    await user.click(await screen.findByRole('option', { name: 'Annadanam' }));
    await user.type(screen.getByRole('textbox', { name: 'Line 1: amount ($)' }), '51');
    await user.type(screen.getByRole('textbox', { name: 'Cash received ($)' }), '100');
    expect(screen.getByRole('status')).toHaveTextContent('Change $38.00');
    await user.click(screen.getByRole('button', { name: 'Finish sale · $62.00' }));

    expect(await screen.findByText('Change to give: $38.00')).toBeInTheDocument();
    expect(sent[0].body).toEqual({
      donor: { userId: lakshmi.id },
      sevas: [{ sevaId: archana.id, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string }],
      lines: [{ donationTypeId: annadanam.id, amount: '51', name: 'Annadanam' }],
      tenders: [{ method: 'cash', amount: '62.00', tendered: '100' }],
    });
    expect(sent[0].key).toMatch(/^sale-[0-9a-f-]{36}$/);
    const sheet = await screen.findByRole('article', { name: 'Donation receipt' });
    expect(sheet).toHaveTextContent('Cash $62.00: received $100.00, change $38.00');
    const qr = within(sheet).getByRole('img', { name: 'QR code: scan to open this receipt online' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(window.localStorage.getItem('mandir.counter.pending')).toBeNull();
  });

  it('takes nobody with Enter while the search for the latest letters is still loading', async () => {
    signInAs(makeStaff(['front_desk']));
    serveRecording();
    let answer: (() => void) | undefined;
    server.use(
      http.get('/api/counter/people', async ({ request }) => {
        // Every search on the way to 'lakshmi' finds her, whatever letters a slow machine sends
        // on their own; 'lakshmi x' is held until the test answers it, and finds nobody.
        const q = new URL(request.url).searchParams.get('q') ?? '';
        if (q === 'lakshmi x') await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json('lakshmi'.startsWith(q) ? [{ kind: 'member', member: lakshmi, walkIn: null }] : []);
      }),
    );
    const { user } = renderApp('/counter');
    const search = await screen.findByRole('combobox', { name: /Find a member/ });
    await user.type(search, 'laks');
    await waitFor(() => expect(screen.getByRole('option', { name: /Lakshmi Rao/ })).not.toHaveAttribute('aria-disabled', 'true'));
    // 'lakshmi x' rules Lakshmi out, but its search has not answered: her option stays shown, disabled.
    await user.type(search, 'hmi x');
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.getByRole('option', { name: /Lakshmi Rao/ })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: /Find a member/ })).toHaveValue('lakshmi x');
    answer?.();
    expect(await screen.findByText('Nobody matches: take them as a walk-in below')).toBeInTheDocument();
  });

  it('finds a walk-in who gave before and sells on his donor record', async () => {
    signInAs(makeStaff(['front_desk']));
    const sent = serveRecording();
    const { user } = renderApp('/counter');
    await user.type(await screen.findByRole('combobox', { name: /Find a member or a past walk-in/ }), 'gopal');
    await user.click(await screen.findByRole('option', { name: 'Gopal Iyer · (916) 555-0177 · walk-in' }));
    expect(screen.getByText('Gopal Iyer · (916) 555-0177 · walk-in')).toBeInTheDocument();
    const year = new Date().getFullYear();
    expect(screen.getByRole('link', { name: `Year-end statement ${year} (opens in a new tab)` })).toHaveAttribute(
      'href',
      `/counter/walk-ins/donor-gopal/statements/${year}`,
    );
    await addArchana(user);
    await user.type(screen.getByRole('textbox', { name: 'Cash received ($)' }), '11');
    await user.click(screen.getByRole('button', { name: 'Finish sale · $11.00' }));

    await screen.findByRole('article', { name: 'Donation receipt' });
    expect(sent[0].body.donor).toEqual({ donorId: 'donor-gopal' });
  });

  it('books an archana for a walk-in without an account, named in the sale', async () => {
    signInAs(makeStaff(['front_desk']));
    const sent = serveRecording();
    const { user } = renderApp('/counter');
    await user.click(await screen.findByRole('button', { name: 'New walk-in without an account' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Gopal Iyer');
    await user.type(screen.getByRole('textbox', { name: 'Phone (optional)' }), '916 555 0101');
    await addArchana(user);
    // The blank donation line stays blank: it is not part of the sale.
    await user.type(screen.getByRole('textbox', { name: 'Cash received ($)' }), '20');
    expect(screen.getByRole('status')).toHaveTextContent('Change $9.00');
    await user.click(screen.getByRole('button', { name: 'Finish sale · $11.00' }));

    await screen.findByRole('article', { name: 'Donation receipt' });
    expect(sent[0].body).toEqual({
      donor: { name: 'Gopal Iyer', email: null, phone: '916 555 0101', address: null },
      sevas: [{ sevaId: archana.id, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string }],
      lines: [],
      tenders: [{ method: 'cash', amount: '11.00', tendered: '20' }],
    });
  });

  it("prints on the temple's receipt printer unless this tablet chose its own", async () => {
    signInAs(makeStaff(['front_desk']));
    serve((_, body) => HttpResponse.json(sold(body), { status: 201 }));
    server.use(http.get('/api/site', () => HttpResponse.json({ ...testSite, settings: { ...testSite.settings, receiptPaper: 'thermal' } })));
    const sell = async () => {
      const { user, unmount } = renderApp('/counter');
      await user.type(await screen.findByRole('combobox', { name: /Find a member/ }), 'laks');
      await user.click(await screen.findByRole('option', { name: /Lakshmi Rao/ }));
      await user.click(screen.getByRole('combobox', { name: 'Line 1: purpose' }));
      await user.click(await screen.findByRole('option', { name: 'Annadanam' }));
      await user.type(screen.getByRole('textbox', { name: 'Line 1: amount ($)' }), '51');
      await user.type(screen.getByRole('textbox', { name: 'Cash received ($)' }), '51');
      await user.click(screen.getByRole('button', { name: 'Finish sale · $51.00' }));
      await screen.findByRole('article', { name: 'Donation receipt' });
      return { user, unmount };
    };
    const first = await sell();
    const printer = screen.getByRole('combobox', { name: 'Receipt printer' });
    expect(printer).toHaveTextContent('80 mm receipt printer');
    await first.user.click(printer);
    await first.user.click(await screen.findByRole('option', { name: 'A4 or Letter' }));
    expect(window.localStorage.getItem('mandir.counter.paper')).toBe('page');
    first.unmount();
    await sell();
    expect(screen.getByRole('combobox', { name: 'Receipt printer' })).toHaveTextContent('A4 or Letter');
  }, 60_000);

  it('keeps a sale the network dropped and sends it again with the same key', async () => {
    signInAs(makeStaff(['front_desk']));
    const keys: (string | null)[] = [];
    serve((k, body) => {
      keys.push(k);
      return keys.length === 1 ? HttpResponse.error() : HttpResponse.json(sold(body), { status: 201 });
    });
    const { user } = renderApp('/counter');
    await user.click(await screen.findByRole('button', { name: 'New walk-in without an account' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Gopal Iyer');
    await user.type(screen.getByRole('textbox', { name: 'Line 1: name' }), 'Archana');
    await user.type(screen.getByRole('textbox', { name: 'Line 1: amount ($)' }), '62');
    await user.click(screen.getByRole('button', { name: 'Finish sale · $62.00' }));

    const alert = await screen.findByText(/The network dropped before the sale was confirmed/);
    expect(alert).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(JSON.parse(window.localStorage.getItem('mandir.counter.pending') ?? 'null')).toMatchObject({ key: keys[0] });
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Change to give: $38.00')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says what is missing before sending, and shows the server refusal', async () => {
    signInAs(makeStaff(['front_desk']));
    serve(() => HttpResponse.json({ message: 'Invalid input', errors: { tenders: 'Enter the check number (digits, at most 20)' } }, { status: 400 }));
    const { user } = renderApp('/counter');
    await user.click(await screen.findByRole('button', { name: /Finish sale/ }));
    const missing = await screen.findByRole('alert');
    expect(within(missing).getByText('Choose a member or take a walk-in')).toBeInTheDocument();
    expect(within(missing).getByText('Add a seva or a donation line')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New walk-in without an account' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Gopal Iyer');
    await user.type(screen.getByRole('textbox', { name: 'Line 1: name' }), 'Flowers');
    await user.type(screen.getByRole('textbox', { name: 'Line 1: amount ($)' }), '5');
    await user.click(screen.getByRole('button', { name: 'Finish sale · $5.00' }));
    expect(await screen.findByText('Enter the check number (digits, at most 20)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeEnabled();
    await waitFor(() => expect(window.localStorage.getItem('mandir.counter.pending')).toBeNull());
  });

  it('takes the card part on the tablet first, then records the sale with its charge; a refused sale keeps the card until Clear refunds it', async () => {
    signInAs(makeStaff(['front_desk']));
    const calls: string[] = [];
    const sales: { key: string | null; body: CounterSaleRequest }[] = [];
    let refuse = true;
    serve((key, body) => {
      sales.push({ key, body });
      if (refuse) return HttpResponse.json({ message: 'Archana: this slot is fully booked; please choose another' }, { status: 409 });
      return HttpResponse.json(sold(body), { status: 201 });
    });
    const charge = (state: string) => ({ paymentIntentId: 'pi_sandbox_1', clientSecret: 'pi_sandbox_1_secret_x', provider: 'sandbox', amount: '50.00', state, saleId: null });
    server.use(
      http.post('/api/counter/card-charges', async ({ request }) => {
        calls.push(`start ${request.headers.get('Idempotency-Key')?.slice(0, 5)} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(charge('pending'), { status: 201 });
      }),
      http.post('/api/counter/card-charges/:id/sandbox', async ({ request }) => {
        calls.push(`sandbox ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(charge('paid'));
      }),
      http.post('/api/counter/card-charges/:id/refund', () => {
        calls.push('refund');
        return HttpResponse.json(charge('refunded'));
      }),
    );
    const { user } = renderApp('/counter');
    await user.click(await screen.findByRole('button', { name: 'New walk-in without an account' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Gopal Iyer');
    await user.type(screen.getByRole('textbox', { name: 'Line 1: name' }), 'Archana');
    await user.type(screen.getByRole('textbox', { name: 'Line 1: amount ($)' }), '62');
    await user.type(screen.getByRole('textbox', { name: 'Part 1: amount ($)' }), '12');
    await user.click(screen.getByRole('button', { name: 'Split: add a part' }));
    await user.click(screen.getByRole('combobox', { name: 'Part 2: method' }));
    await user.click(await screen.findByRole('option', { name: 'Card' }));
    expect(screen.getByText('Taken on the tablet when you finish the sale')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish sale · $62.00' }));

    // The card form: the sale's key and the card part go with the charge.
    const dialog = await screen.findByRole('dialog', { name: 'Card payment · $50.00' });
    expect(sales).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name on card' }), 'Gopal Iyer');
    await user.type(within(dialog).getByRole('textbox', { name: 'Card number (test)' }), '4242424242424242');
    await user.type(within(dialog).getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1230');
    await user.type(within(dialog).getByRole('textbox', { name: 'CVC' }), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Pay $50.00' }));

    // Paid: the sale goes at once, with the charge, and the server refuses it (a full day).
    await waitFor(() => expect(sales).toHaveLength(1));
    const saleKey = sales[0].key ?? '';
    expect(calls[0]).toBe(`start card- {"saleKey":"${saleKey}","amount":"50.00"}`);
    expect(calls[1]).toBe('sandbox {"clientSecret":"pi_sandbox_1_secret_x","outcome":"succeeded"}');
    expect(sales[0].body.tenders).toEqual([
      { method: 'cash', amount: '12' },
      { method: 'card', amount: '50.00', paymentIntentId: 'pi_sandbox_1' },
    ]);
    expect(await screen.findByText(/The card payment of \$50.00 is kept for this sale/)).toBeInTheDocument();
    expect(screen.getByText('Card paid')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Part 2: amount ($)' })).toBeDisabled();
    expect(JSON.parse(window.localStorage.getItem('mandir.counter.card-draft') ?? 'null')).toMatchObject({ key: saleKey });

    // Sent again (the day freed up): the same key and the same charge, and no second card.
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Finish sale · $62.00' }));
    await screen.findByRole('article', { name: 'Donation receipt' });
    expect(sales[1].key).toBe(saleKey);
    expect(calls).toHaveLength(2);
    expect(window.localStorage.getItem('mandir.counter.card-draft')).toBeNull();
  });

  it('gives a paid card back when the sale is cleared', async () => {
    signInAs(makeStaff(['front_desk']));
    serve(() => HttpResponse.json({ message: 'Archana is no longer offered; please choose another seva' }, { status: 409 }));
    let refunds = 0;
    server.use(
      http.post('/api/counter/card-charges/:id/refund', () => {
        refunds += 1;
        return HttpResponse.json({ paymentIntentId: 'pi_sandbox_2', clientSecret: null, provider: 'sandbox', amount: '5.00', state: 'refunded', saleId: null });
      }),
    );
    window.localStorage.setItem(
      'mandir.counter.card-draft',
      JSON.stringify({
        donor: { kind: 'walk-in', name: 'Gopal Iyer', email: '', phone: '', address: '' },
        sevas: [],
        lines: [{ donationTypeId: 'custom', name: 'Flowers', amount: '5' }],
        tenders: [{ method: 'card', amount: '5', tendered: '', checkNumber: '', bank: '', checkDate: '', cardKey: 'card-1', intentId: 'pi_sandbox_2' }],
        key: 'sale-kept-0001',
      }),
    );
    const { user } = renderApp('/counter');
    // The reload kept the sale with its paid card.
    expect(await screen.findByText('Card paid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refund the card and clear' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Clear' })).toBeEnabled());
    expect(refunds).toBe(1);
    expect(screen.queryByText('Card paid')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('mandir.counter.card-draft')).toBeNull();
  });

  it("registers a member for an event with the sale, and the receipt says so", async () => {
    signInAs(makeStaff(['front_desk']));
    const dinner = makeEvent({ id: 'ev-dinner', name: 'Deepavali Dinner', eventDate: '2099-11-01T01:00:00Z', capacity: 100, spotsLeft: 40 });
    const past = makeEvent({ id: 'ev-past', name: 'Last Year', eventDate: '2020-11-01T01:00:00Z' });
    const sent: CounterSaleRequest[] = [];
    serve((_, body) => {
      sent.push(body);
      return HttpResponse.json({ ...sold(body), registrations: [{ eventId: 'ev-dinner', eventName: 'Deepavali Dinner', people: 3 }] }, { status: 201 });
    });
    server.use(http.get('/api/events', () => HttpResponse.json([dinner, past])));
    const { user } = renderApp('/counter');
    await user.type(await screen.findByRole('combobox', { name: /Find a member/ }), 'laks');
    await user.click(await screen.findByRole('option', { name: /Lakshmi Rao/ }));
    await user.click(await screen.findByRole('button', { name: 'Register for an event' }));
    await user.click(screen.getByRole('combobox', { name: 'Event 1' }));
    expect(screen.queryByRole('option', { name: /Last Year/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: /Deepavali Dinner/ }));
    expect(screen.getByText('40 spots left')).toBeInTheDocument();
    const family = screen.getByRole('textbox', { name: 'Event 1: family members coming' });
    await user.clear(family);
    await user.type(family, '2');
    await user.type(screen.getByRole('textbox', { name: 'Line 1: name' }), 'Deepavali Dinner');
    await user.type(screen.getByRole('textbox', { name: 'Line 1: amount ($)' }), '62');
    await user.click(screen.getByRole('button', { name: 'Finish sale · $62.00' }));

    const sheet = await screen.findByRole('article', { name: 'Donation receipt' });
    expect(sent[0].registrations).toEqual([{ eventId: 'ev-dinner', numberOfFamilyMembers: 2 }]);
    expect(await screen.findByText('Registered for Deepavali Dinner: 3 people')).toBeInTheDocument();
    expect(sheet).toBeInTheDocument();
  });

  it('is for the front desk: members go home', async () => {
    signInAs(makeUser());
    renderApp('/counter');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});
