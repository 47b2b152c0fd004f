import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent, makePayment, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { LedgerPage, Payment } from '@/types/api';
import { emptyFilters, ledgerCsvPath, ledgerKey } from '../api/admin-payments';
import { PaymentsTab } from './payments-tab';

const admin = makeUser({ isAdmin: true });
const diwali = makeEvent({ id: 'ev-1', name: 'Diwali' });
const noTotals = { count: 0, received: '0.00', receivedCount: 0, pending: '0.00', refunded: '0.00', test: '0.00' };

function page(items: Payment[], total = items.length, totals = { ...noTotals, count: total }): LedgerPage {
  return { items, total, page: 1, pageSize: 25, totals };
}

function common(ledger: (url: URL) => LedgerPage) {
  return [
    http.get('/api/events', () => HttpResponse.json([diwali])),
    http.get('/api/donation-types', () => HttpResponse.json([])),
    http.get('/api/admin/payments/totals', () => HttpResponse.json({ byDonationType: [], byEvent: [], testTotal: { amount: '0.00', count: 0 } })),
    http.get('/api/admin/payments/ledger', ({ request }) => HttpResponse.json(ledger(new URL(request.url)))),
    http.get('/api/admin/statements/:year', ({ params }) =>
      HttpResponse.json({ year: Number(params.year), total: 0, sent: 0, failed: 0, remaining: 0 }),
    ),
  ];
}

describe('ledger keys', () => {
  it('puts every filter, the page and the size in the query, and the CSV gets the same filters', () => {
    const filters = { ...emptyFilters, status: 'pending' as const, method: 'zelle' as const, eventId: 'ev-1', purpose: 'custom', from: '2025-01-01', to: '2025-01-31', q: ' rao ', includeExpired: true };
    const q = new URL(ledgerKey(filters, 3, 50), 'http://x').searchParams;
    expect([q.get('status'), q.get('method'), q.get('eventId'), q.get('purpose'), q.get('q'), q.get('includeExpired')]).toEqual(['pending', 'zelle', 'ev-1', 'custom', 'rao', 'true']);
    expect([q.get('page'), q.get('pageSize')]).toEqual(['3', '50']);
    expect(new Date(q.get('from')!).getTime()).toBe(new Date('2025-01-01T00:00:00').getTime());
    expect(new Date(q.get('to')!).getTime()).toBe(new Date('2025-01-31T23:59:59.999').getTime());
    const csv = new URL(ledgerCsvPath(filters), 'http://x');
    expect(csv.pathname).toBe('/api/admin/payments.csv');
    expect(csv.searchParams.get('page')).toBeNull();
    expect(ledgerCsvPath(emptyFilters)).toBe('/api/admin/payments.csv');
  });
});

describe('PaymentsTab', () => {
  it('shows a page with the totals of the filter and marks a Zelle payment received', async () => {
    const queries: URLSearchParams[] = [];
    let pending = makePayment({ id: 'p-1', amount: '51.00', status: 'pending', paymentMethod: 'zelle', receiptNumber: 'AUTO-1-1' });
    const card = makePayment({ id: 'p-2', amount: '25.00', status: 'completed', paymentMethod: 'credit_card', provider: 'stripe', eventName: 'Diwali', eventId: 'ev-1' });
    let statusBody: unknown;
    server.use(
      ...common((url) => {
        queries.push(url.searchParams);
        return page([pending, card], 30, { ...noTotals, count: 30, received: '25.00', receivedCount: 1, pending: '51.00' });
      }),
      http.post('/api/admin/payments/p-1/status', async ({ request }) => {
        statusBody = await request.json();
        pending = { ...pending, status: 'completed' };
        return HttpResponse.json(pending);
      }),
    );
    const { user } = renderWithProviders(<PaymentsTab />, { as: admin });
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('ledger-totals')).toHaveTextContent('30 payments · $25.00 received (1) · $51.00 pending · $0.00 refunded');
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: 'Mark received' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));

    await user.click(within(await screen.findByRole('table', { name: 'Payments' })).getByRole('button', { name: 'Mark received' }));
    expect(await screen.findByText('Payment marked as received')).toBeInTheDocument();
    expect(statusBody).toEqual({ status: 'completed' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark received' })).not.toBeInTheDocument());
  });

  it('sends the filters to the server and starts again at the first page', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      ...common((url) => {
        queries.push(url.searchParams);
        return page([makePayment({ id: 'p-1' })], 30);
      }),
    );
    const { user } = renderWithProviders(<PaymentsTab />, { as: admin });
    await user.click(await screen.findByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await user.click(screen.getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: /Diwali/ }));
    await user.type(screen.getByRole('textbox', { name: 'Search donor or receipt' }), 'rao');
    await waitFor(() => {
      const last = queries.at(-1)!;
      expect([last.get('status'), last.get('eventId'), last.get('q'), last.get('page')]).toEqual(['pending', 'ev-1', 'rao', '1']);
    });
  });

  it('reopens a failed Zelle payment with a note and shows its history', async () => {
    let body: unknown;
    let failed = makePayment({ id: 'p-9', status: 'failed', receiptNumber: 'AUTO-9-9' });
    server.use(
      ...common(() => page([failed])),
      http.post('/api/admin/payments/p-9/status', async ({ request }) => {
        body = await request.json();
        failed = { ...failed, status: 'pending' };
        return HttpResponse.json(failed);
      }),
      http.get('/api/admin/payments/p-9/audit', () =>
        HttpResponse.json([
          { id: 'a1', at: '2025-06-01T18:00:00Z', actorId: 'u', actorEmail: 'treasurer@example.org', from: 'pending', to: 'failed', note: null },
          { id: 'a2', at: '2025-06-02T18:00:00Z', actorId: 'u', actorEmail: 'treasurer@example.org', from: 'failed', to: 'pending', note: 'By mistake' },
        ]),
      ),
    );
    const { user } = renderWithProviders(<PaymentsTab />, { as: admin });
    await user.click(await screen.findByRole('button', { name: 'Reopen' }));
    const dialog = await screen.findByRole('dialog', { name: /Reopen AUTO-9-9/ });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'By mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Payment reopened')).toBeInTheDocument();
    expect(body).toEqual({ status: 'pending', note: 'By mistake' });

    await user.click(await screen.findByRole('button', { name: 'History of AUTO-9-9' }));
    const history = await screen.findByRole('table', { name: 'Payment history' });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(history).toHaveTextContent('Failed → Pending');
    expect(history).toHaveTextContent('By mistake');
  });

  it('resends the receipt of a completed payment and lists its receipt e-mails', async () => {
    const done = makePayment({ id: 'p-7', amount: '300.00', status: 'completed', paymentMethod: 'zelle', receiptNumber: 'AUTO-7-7', donorEmail: 'meera@example.org' });
    let resent = 0;
    const first = { reason: 'completed', requestedBy: null, createdAt: '2026-11-21T18:00:00Z', attempts: 1, sentAt: '2026-11-21T18:00:01Z', lastError: null };
    server.use(
      ...common(() => page([done])),
      http.get('/api/admin/payments/p-7/audit', () => HttpResponse.json([])),
      http.get('/api/admin/payments/p-7/receipts', () =>
        HttpResponse.json(resent > 0 ? [first, { ...first, reason: 'resend', requestedBy: 'admin-1', sentAt: null }] : [first]),
      ),
      http.post('/api/admin/payments/p-7/receipt', () => {
        resent += 1;
        return HttpResponse.json({ ...first, reason: 'resend', requestedBy: 'admin-1', sentAt: null });
      }),
    );
    const { user } = renderWithProviders(<PaymentsTab />, { as: admin });
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(within(table).getByRole('link', { name: 'AUTO-7-7' })).toHaveAttribute('href', '/receipts/AUTO-7-7');
    await user.click(within(table).getByRole('button', { name: 'Resend receipt AUTO-7-7' }));
    expect(await screen.findByText('Receipt sent again')).toBeInTheDocument();
    expect(resent).toBe(1);
    await user.click(within(table).getByRole('button', { name: 'History of AUTO-7-7' }));
    const emails = await screen.findByRole('table', { name: 'Receipt e-mails' });
    expect(within(emails).getByText('Payment completed')).toBeInTheDocument();
    expect(within(emails).getByText('Resent by an admin')).toBeInTheDocument();
    expect(within(emails).getByText('Waiting')).toBeInTheDocument();
  });

  it('refunds what is left of a completed card payment', async () => {
    let card = makePayment({ id: 'p-8', amount: '30.00', status: 'completed', paymentMethod: 'credit_card', provider: 'stripe', receiptNumber: 'AUTO-8-8' });
    let sent: unknown;
    server.use(
      ...common(() => page([card])),
      http.post('/api/admin/payments/p-8/refund', async ({ request }) => {
        sent = await request.json();
        card = { ...card, status: 'refunded', refundedAmount: '30.00' };
        return HttpResponse.json(card);
      }),
    );
    const { user } = renderWithProviders(<PaymentsTab />, { as: admin });
    const table = await screen.findByRole('table', { name: 'Payments' });
    await user.click(within(table).getByRole('button', { name: 'Refund AUTO-8-8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund AUTO-8-8' });
    expect(within(dialog).getByLabelText(/Refund amount/)).toHaveValue(30);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(sent).toEqual({ amount: '30.00' }));
    expect(await screen.findByText('Payment refunded')).toBeInTheDocument();
    expect(await within(table).findByText('$30.00 refunded')).toBeInTheDocument();
  }, 40_000);

  it('refunds a typed part of a card payment', async () => {
    let card = makePayment({ id: 'p-9', amount: '80.00', status: 'completed', paymentMethod: 'credit_card', provider: 'stripe', receiptNumber: 'AUTO-9-9' });
    let sent: unknown;
    server.use(
      ...common(() => page([card])),
      http.post('/api/admin/payments/p-9/refund', async ({ request }) => {
        sent = await request.json();
        card = { ...card, refundedAmount: '30.00' };
        return HttpResponse.json(card);
      }),
    );
    const { user } = renderWithProviders(<PaymentsTab />, { as: admin });
    const table = await screen.findByRole('table', { name: 'Payments' });
    await user.click(within(table).getByRole('button', { name: 'Refund AUTO-9-9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund AUTO-9-9' });
    const amount = within(dialog).getByLabelText(/Refund amount/);
    await user.clear(amount);
    await user.type(amount, '30');
    await user.type(within(dialog).getByLabelText(/Note/), 'Donor asked');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(sent).toEqual({ amount: '30', note: 'Donor asked' }));
    expect(await screen.findByText('Part of the payment refunded')).toBeInTheDocument();
    expect(await within(table).findByText('$30.00 refunded')).toBeInTheDocument();
  }, 40_000);

  it('sends the statements of a year and shows their progress', async () => {
    const year = new Date().getFullYear();
    let asked: string | undefined;
    server.use(
      ...common(() => page([])),
      http.post('/api/admin/statements/:year', ({ params }) => {
        asked = String(params.year);
        return HttpResponse.json({ year: Number(params.year), total: 3, sent: 1, failed: 0, remaining: 2 });
      }),
    );
    const { user } = renderWithProviders(<PaymentsTab />, { as: admin });
    await user.click(await screen.findByRole('combobox', { name: 'Year' }));
    await user.click(await screen.findByRole('option', { name: String(year) }));
    await user.click(screen.getByRole('button', { name: `Send statements for ${year}` }));
    expect(await screen.findByText(`Sending statements for ${year}`)).toBeInTheDocument();
    expect(asked).toBe(String(year));
    expect(await screen.findByText('3 donors · 1 sent · 0 failed · 2 remaining')).toBeInTheDocument();
  });

  describe('statements PDF', () => {
    afterEach(() => vi.restoreAllMocks());

    function stubSaving() {
      const saved: string[] = [];
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:statements'), revokeObjectURL: vi.fn() });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
      return saved;
    }

    it("downloads every donor's statements of the chosen year as one PDF", async () => {
      const year = new Date().getFullYear() - 1;
      const requests: { path: string; auth: string | null }[] = [];
      let release: () => void = () => {};
      const answered = new Promise<void>((resolve) => (release = resolve));
      server.use(
        ...common(() => page([])),
        http.get('/api/admin/statements/:year/pdf', async ({ request, params }) => {
          requests.push({ path: new URL(request.url).pathname, auth: request.headers.get('authorization') });
          await answered;
          return new HttpResponse('%PDF-1.7', {
            headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="giving-statements-${String(params.year)}.pdf"` },
          });
        }),
      );
      const saved = stubSaving();
      const { user } = renderWithProviders(<PaymentsTab />, { as: admin });
      await user.click(await screen.findByRole('combobox', { name: 'Year' }));
      await user.click(await screen.findByRole('option', { name: String(year) }));
      const button = screen.getByRole('button', { name: 'Download all as PDF' });
      expect(button).toHaveAccessibleDescription("One PDF with every donor's statement, to print and mail to donors without an e-mail address.");
      await user.click(button);
      expect(await screen.findByRole('button', { name: 'Preparing…' })).toBeDisabled();
      release();
      await waitFor(() => expect(saved).toEqual([`giving-statements-${year}.pdf`]));
      expect(requests).toEqual([{ path: `/api/admin/statements/${year}/pdf`, auth: 'Bearer test-token' }]);
      expect(await screen.findByRole('button', { name: 'Download all as PDF' })).toBeEnabled();
    });

    it('says when the PDF could not be downloaded, with a Retry, and forgets it for another year', async () => {
      const year = new Date().getFullYear();
      const asked: string[] = [];
      server.use(
        ...common(() => page([])),
        http.get('/api/admin/statements/:year/pdf', ({ params }) => {
          asked.push(String(params.year));
          return HttpResponse.json({ message: 'Something went wrong' }, { status: 500 });
        }),
      );
      const saved = stubSaving();
      const { user } = renderWithProviders(<PaymentsTab />, { as: admin });
      await user.click(await screen.findByRole('combobox', { name: 'Year' }));
      await user.click(await screen.findByRole('option', { name: String(year) }));
      await user.click(screen.getByRole('button', { name: 'Download all as PDF' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(`The statements PDF for ${year} could not be downloaded. Please try again.`);
      await user.click(within(alert).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(asked).toEqual([String(year), String(year)]));
      expect(await screen.findByRole('alert')).toBeInTheDocument();
      expect(saved).toEqual([]);

      await user.click(screen.getByRole('combobox', { name: 'Year' }));
      await user.click(await screen.findByRole('option', { name: String(year - 1) }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  it('shows the empty states', async () => {
    server.use(...common(() => page([])));
    renderWithProviders(<PaymentsTab />, { as: admin });
    expect(await screen.findByText('No payments yet.', { selector: 'p.MuiTypography-body1' })).toBeInTheDocument();
  });

  it("marks test payments with a 'Test' chip and names test money apart in the totals", async () => {
    server.use(
      ...common(() =>
        page(
          [
            makePayment({ id: 'real', amount: '30.00', status: 'completed', provider: 'zelle', donorName: 'Real Donor' }),
            makePayment({ id: 'test', amount: '500.00', status: 'completed', paymentMethod: 'credit_card', provider: 'sandbox', isTest: true, donorName: 'Test Donor' }),
          ],
          2,
          { ...noTotals, count: 2, received: '30.00', receivedCount: 1, test: '500.00' },
        ),
      ),
    );
    renderWithProviders(<PaymentsTab />, { as: admin });
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(within(within(table).getByText('Test Donor').closest('tr')!).getByText('Test')).toBeInTheDocument();
    expect(within(within(table).getByText('Real Donor').closest('tr')!).queryByText('Test')).not.toBeInTheDocument();
    expect(screen.getByTestId('ledger-totals')).toHaveTextContent('$500.00 in test payments, not counted');
  });

  it('shows the money received by fund, the restricted funds in a group of their own', async () => {
    server.use(
      http.get('/api/admin/payments/totals', () =>
        HttpResponse.json({
          byDonationType: [],
          byEvent: [],
          byFund: [
            { fundId: 'f-building', name: 'Building Fund', restricted: true, amount: '182400.00', count: 214 },
            { fundId: 'f-general', name: 'General', restricted: false, amount: '1234.50', count: 12 },
            { fundId: 'f-priests', name: 'Priest Welfare', restricted: true, amount: '900.00', count: 3 },
          ],
          testTotal: { amount: '0.00', count: 0 },
        }),
      ),
      // Given before common()'s empty totals: of the handlers given, the first that matches answers.
      ...common(() => page([])),
    );
    renderWithProviders(<PaymentsTab />, { as: admin });
    const section = await screen.findByRole('region', { name: 'Totals by fund' });
    const open = within(section).getByRole('table', { name: 'Totals by fund' });
    const restricted = within(section).getByRole('table', { name: 'Restricted funds' });
    expect(within(section).getByRole('heading', { name: 'Restricted funds' })).toBeInTheDocument();
    const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows(open)).toEqual(['General12$1,234.50']);
    expect(rows(restricted)).toEqual(['Building Fund214$182,400.00', 'Priest Welfare3$900.00']);
  });

  it('leaves the restricted group out when no fund is restricted', async () => {
    server.use(
      http.get('/api/admin/payments/totals', () =>
        HttpResponse.json({
          byDonationType: [],
          byEvent: [],
          byFund: [{ fundId: 'f-general', name: 'General', restricted: false, amount: '51.00', count: 1 }],
          testTotal: { amount: '0.00', count: 0 },
        }),
      ),
      // Given before common()'s empty totals: of the handlers given, the first that matches answers.
      ...common(() => page([])),
    );
    renderWithProviders(<PaymentsTab />, { as: admin });
    const section = await screen.findByRole('region', { name: 'Totals by fund' });
    expect(within(section).getByRole('table', { name: 'Totals by fund' })).toHaveTextContent('$51.00');
    expect(within(section).queryByText('Restricted funds')).not.toBeInTheDocument();
  });
});

describe('PaymentsTab by permission', () => {
  it('shows an account that may only read the ledger no reconcile, refund, CSV or statement controls', async () => {
    const reader = makeUser({ roles: ['treasurer'], permissions: ['read_ledger'] });
    server.use(
      ...common(() =>
        page([
          makePayment({ id: 'p-1', status: 'pending', paymentMethod: 'zelle', receiptNumber: 'Z-1' }),
          makePayment({ id: 'p-2', status: 'failed', paymentMethod: 'zelle', receiptNumber: 'Z-2' }),
          makePayment({ id: 'p-3', status: 'completed', paymentMethod: 'credit_card', provider: 'stripe', receiptNumber: 'C-3', donorEmail: 'd@example.org' }),
        ]),
      ),
    );
    renderWithProviders(<PaymentsTab />, { as: reader });
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(within(table).getByRole('button', { name: 'History of C-3' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Resend receipt C-3' })).toBeInTheDocument();
    for (const name of [/Mark received/, /Mark failed/, /Reopen/, /Refund/]) {
      expect(within(table).queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send statements/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download all as PDF' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Year' })).not.toBeInTheDocument();
  });
});
