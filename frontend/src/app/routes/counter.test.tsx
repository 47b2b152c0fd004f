import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDonationType, makePayment, makeSeva, makeStaff, makeUser, testSite } from '@/testing/data';
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
    tenders: [{ method: 'cash', amount: '62.00', tendered: String(request.tenders[0]?.tendered ?? '62.00'), change: '38.00', checkNumber: null, bank: null, checkDate: null }],
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

  it('is for the front desk: members go home', async () => {
    signInAs(makeUser());
    renderApp('/counter');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});
