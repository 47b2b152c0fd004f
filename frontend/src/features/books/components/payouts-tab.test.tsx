import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import type { Payout, PayoutDetail, PayoutList } from '../api/books';
import { PayoutsTab } from './payouts-tab';

const ok: Payout = {
  id: 'po_ok',
  provider: 'stripe',
  amount: '140.05',
  arrivalDate: '2026-12-03',
  status: 'paid',
  gross: '145.00',
  fees: '4.95',
  net: '140.05',
  difference: '0.00',
  charges: 2,
  refunds: 1,
  unmatched: 0,
  problems: [],
  recordedAt: '2026-12-03T18:00:00Z',
};

const odd: Payout = {
  ...ok,
  id: 'po_odd',
  amount: '19.90',
  arrivalDate: '2026-12-01',
  gross: '21.00',
  fees: '1.00',
  net: '20.00',
  difference: '0.10',
  charges: 1,
  refunds: 0,
  unmatched: 1,
  problems: ['sum_differs', 'unmatched_lines'],
};

function serve(payouts: Payout[]) {
  const asked: string[] = [];
  let reconciled = 0;
  server.use(
    http.get('/api/admin/payouts', ({ request }) => {
      asked.push(new URL(request.url).search);
      const list: PayoutList = { provider: 'stripe', newest: '2026-12-02T10:00:00Z', payouts: reconciled > 0 ? payouts : payouts.slice(1) };
      return HttpResponse.json(list);
    }),
    http.get('/api/admin/payouts/:id', ({ params }) => {
      const payout = payouts.find((p) => p.id === params.id)!;
      const detail: PayoutDetail = {
        payout,
        lines: [
          {
            balanceTransactionId: 'txn_3',
            kind: 'charge',
            gross: '21.00',
            fee: '1.00',
            net: '20.00',
            intentId: 'pi_elsewhere',
            description: 'A charge made elsewhere',
            paymentId: null,
            receiptNumber: null,
            donor: null,
            ledgerAmount: null,
            unmatched: true,
            amountDiffers: false,
          },
        ],
      };
      return HttpResponse.json(detail);
    }),
    http.post('/api/admin/payouts/reconcile', () => {
      reconciled += 1;
      return HttpResponse.json({ fees: 2, unsettled: 0, payouts: 1, flagged: 0 });
    }),
  );
  return asked;
}

describe('the payouts tab', () => {
  it('lists the last 90 days of payouts, flags one that does not match and shows its lines', async () => {
    const asked = serve([ok, odd]);
    renderWithProviders(<PayoutsTab today="2026-12-04" />, { as: makeStaff(['treasurer']) });
    const table = await screen.findByRole('table', { name: 'Payouts' });
    expect(asked[0]).toBe('?from=2026-09-05&to=2026-12-04');
    expect(within(table).getByText('Dec 01, 2026')).toBeInTheDocument();
    expect(within(table).getByText('Check')).toBeInTheDocument();
    expect(screen.getByText(/1 payout does not match the ledger/)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show the payments of the payout arriving Dec 01, 2026' }));
    const dialog = await screen.findByRole('dialog', { name: /Payout of \$19\.90 on Dec 01, 2026/ });
    expect(await within(dialog).findByText(/its lines don't add up to what reached the bank; it carries payments the ledger does not have/)).toBeInTheDocument();
    expect(within(dialog).getByText(/differs from the payout by \$0\.10/)).toBeInTheDocument();
    expect(within(dialog).getByText('Not in the ledger')).toBeInTheDocument();
    expect(within(dialog).getByText('A charge made elsewhere')).toBeInTheDocument();
  });

  it('reconciles on demand and reads the payouts again', async () => {
    serve([ok, odd]);
    const user = userEvent.setup();
    renderWithProviders(<PayoutsTab today="2026-12-04" />, { as: makeStaff(['treasurer']) });
    await screen.findByRole('table', { name: 'Payouts' });
    expect(screen.queryByText('Dec 03, 2026')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reconcile now' }));
    expect(await screen.findByText('2 fees and 1 payout recorded')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Dec 03, 2026')).toBeInTheDocument());
    expect(screen.getByText('Matches')).toBeInTheDocument();
  });

  it('says when no payout arrived, and offers no reconciling to whoever may only read', async () => {
    serve([]);
    renderWithProviders(<PayoutsTab today="2026-12-04" />, { as: makeStaff([], { permissions: ['read_ledger'] }) });
    expect(await screen.findByText('No payouts arrived in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reconcile now' })).not.toBeInTheDocument();
  });

  it('refuses a period that ends before it starts', async () => {
    serve([ok]);
    const user = userEvent.setup();
    renderWithProviders(<PayoutsTab today="2026-12-04" />, { as: makeStaff(['treasurer']) });
    const to = await screen.findByLabelText(/^To/);
    await user.clear(to);
    await user.type(to, '2026-01-01');
    expect(await screen.findByText('To must be on or after From')).toBeInTheDocument();
  });
});
