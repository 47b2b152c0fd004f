import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeFund, makeGeneralFund, makeMemberPledge, makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { PledgeWithMember } from '@/types/api';
import { PledgesTab } from './pledges-tab';

const general = makeGeneralFund();
const building = makeFund({ id: 'f-building', name: 'Temple Building' });
const roof = makeFund({ id: 'f-roof', name: 'Old Roof Fund', isActive: false });

const ravi = makeMemberPledge({ id: 'p-1', fundName: 'Temple Building', lastRemindedAt: '2027-03-02T17:00:00Z', note: 'For the gopuram' });
const sita = makeMemberPledge({
  id: 'p-2',
  fundName: 'Temple Building',
  memberName: 'Sita Iyer',
  memberEmail: 'sita@example.org',
  amount: '1001.00',
  fulfilled: '1500.00',
  remaining: '0.00',
  percent: 100,
});
const gone = makeMemberPledge({
  id: 'p-3',
  fundId: 'f-roof',
  fundName: 'Old Roof Fund',
  memberName: 'Gopal Rao',
  memberEmail: 'gopal@example.org',
  amount: '250.00',
  startsOn: '2026-07-01',
  endsOn: '2027-06-30',
  status: 'cancelled',
  fulfilled: '50.00',
  remaining: '200.00',
  percent: 20,
});

/** Serves the funds and GET /api/pledges (all, or the `fundId` asked for), recording each query. */
function serve(list: PledgeWithMember[]) {
  const queries: string[] = [];
  server.use(
    http.get('/api/funds', ({ request }) =>
      new URL(request.url).searchParams.get('all') === 'true' ? HttpResponse.json([general, building, roof]) : HttpResponse.json([general, building]),
    ),
    http.get('/api/pledges', ({ request }) => {
      const fundId = new URL(request.url).searchParams.get('fundId');
      queries.push(fundId ?? 'all');
      return HttpResponse.json(fundId ? list.filter((p) => p.fundId === fundId) : list);
    }),
  );
  return queries;
}

const treasurer = makeStaff(['treasurer']);
const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('PledgesTab', () => {
  it('lists every pledge with what was given, its period, status and last reminder, and sums up the active ones', async () => {
    serve([ravi, sita, gone]);
    renderWithProviders(<PledgesTab />, { as: treasurer });
    const table = await screen.findByRole('table', { name: 'Pledges' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Member',
      'Fund',
      'Pledged',
      'Given',
      'Remaining',
      'Period',
      'Status',
      'Last reminded',
      'Counter gifts',
    ]);
    const r = rowOf(table, 'Ravi Kumar');
    expect(r).toHaveTextContent('ravi@example.org');
    const cells = within(r).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(1)).toEqual(['Temple Building', '$5,001.00', '$1,200.00of $5,001.00$3,801.00 to go', '$3,801.00', 'Jan 1 – Dec 31, 2027', 'Active', 'Mar 02, 2027', 'Count a gift']);
    expect(within(rowOf(table, 'Sita Iyer')).getByText('Fulfilled', { selector: '.MuiChip-label' })).toBeInTheDocument();
    const g = rowOf(table, 'Gopal Rao');
    expect(within(g).getAllByText('Cancelled')).toHaveLength(2); // its Status column, and under the name on phones
    expect(g).toHaveTextContent('Jul 1, 2026 – Jun 30, 2027');
    expect(within(g).getAllByRole('cell').at(-2)).toHaveTextContent('—');
    expect(within(g).getAllByRole('cell').at(-1)).toHaveTextContent('');
    expect(screen.getByTestId('pledge-totals')).toHaveTextContent('2 active pledges · $6,002.00 pledged · $2,700.00 given · 1 cancelled');
  });

  it("asks the server for one fund's pledges when a fund is chosen, and for all again", async () => {
    const queries = serve([ravi, gone]);
    const { user } = renderWithProviders(<PledgesTab />, { as: treasurer });
    await screen.findByRole('table', { name: 'Pledges' });
    const filter = screen.getByRole('combobox', { name: 'Fund' });
    expect(filter).toHaveTextContent('All funds');
    await user.click(filter);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['All funds', 'General', 'Temple Building', 'Old Roof Fund (inactive)']);
    await user.click(screen.getByRole('option', { name: 'Old Roof Fund (inactive)' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Pledges' })).queryByText('Ravi Kumar')).not.toBeInTheDocument());
    expect(within(screen.getByRole('table', { name: 'Pledges' })).getByText('Gopal Rao')).toBeInTheDocument();
    expect(screen.getByTestId('pledge-totals')).toHaveTextContent('0 active pledges · $0.00 pledged · $0.00 given · 1 cancelled');

    await user.click(screen.getByRole('combobox', { name: 'Fund' }));
    await user.click(await screen.findByRole('option', { name: 'General' }));
    expect(await screen.findByText('No pledges to the General fund yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Fund' }));
    await user.click(await screen.findByRole('option', { name: 'All funds' }));
    expect(await within(await screen.findByRole('table', { name: 'Pledges' })).findByText('Ravi Kumar')).toBeInTheDocument();
    expect(queries).toEqual(['all', 'f-roof', general.id]);
  });

  it('sends reminders for the fund chosen after saying who gets one, says how many were queued and reloads the list', async () => {
    const queries = serve([ravi]);
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/pledges/reminders', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ queued: 7 });
      }),
    );
    const { user } = renderWithProviders(<PledgesTab />, { as: treasurer });
    await screen.findByRole('table', { name: 'Pledges' });
    await user.click(screen.getByRole('combobox', { name: 'Fund' }));
    await user.click(await screen.findByRole('option', { name: 'Temple Building' }));
    await waitFor(() => expect(queries).toEqual(['all', 'f-building']));
    expect(screen.getByTestId('pledge-totals')).toHaveTextContent('1 active pledge · $5,001.00 pledged · $1,200.00 given');

    await user.click(screen.getByRole('button', { name: 'Send reminders' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Send reminders for the Temple Building fund?' });
    expect(dialog).toHaveAccessibleDescription(
      'Members with an active pledge that still has an amount to give get a polite e-mail. Each pledge is reminded at most once a day.',
    );
    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send reminders' }));
    dialog = screen.getByRole('alertdialog', { name: 'Send reminders for the Temple Building fund?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send reminders' }));
    expect(await screen.findByText('Reminders queued: 7')).toBeInTheDocument();
    expect(bodies).toEqual([{ fundId: 'f-building' }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(queries).toEqual(['all', 'f-building', 'f-building']));
  });

  it('sends reminders for every fund without a fund chosen, and says when none was needed', async () => {
    serve([ravi]);
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/pledges/reminders', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ queued: 0 });
      }),
    );
    const { user } = renderWithProviders(<PledgesTab />, { as: treasurer });
    await screen.findByRole('table', { name: 'Pledges' });
    await user.click(screen.getByRole('button', { name: 'Send reminders' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Send reminders for every fund?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send reminders' }));
    expect(await screen.findByText('No pledge needed a reminder today.')).toBeInTheDocument();
    expect(bodies).toEqual([{}]);
  });

  it('says why reminders were not sent and keeps the confirmation open', async () => {
    serve([ravi]);
    server.use(http.post('/api/pledges/reminders', () => HttpResponse.json({ message: 'Admin access required' }, { status: 403 })));
    const { user } = renderWithProviders(<PledgesTab />, { as: treasurer });
    await screen.findByRole('table', { name: 'Pledges' });
    await user.click(screen.getByRole('button', { name: 'Send reminders' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Send reminders' }));
    expect(await screen.findByText('Admin access required')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Send reminders for every fund?' })).toBeInTheDocument();
  });

  it('shows the loading, empty and error states, and no reminders without manage_funds', async () => {
    serve([]);
    let { unmount } = renderWithProviders(<PledgesTab />);
    expect(screen.getByRole('progressbar', { name: 'Loading pledges' })).toBeInTheDocument();
    expect(await screen.findByText('No pledges yet.')).toBeInTheDocument();
    unmount();

    // Listing needs `read_ledger`; reminding `manage_funds`.
    const readOnly = makeStaff(['treasurer'], { permissions: ['read_ledger'] });
    ({ unmount } = renderWithProviders(<PledgesTab />, { as: readOnly }));
    expect(await screen.findByText('No pledges yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reminders' })).not.toBeInTheDocument();
    unmount();

    let fail = true;
    server.use(http.get('/api/pledges', () => (fail ? HttpResponse.json({ message: 'x' }, { status: 500 }) : HttpResponse.json([ravi]))));
    const { user } = renderWithProviders(<PledgesTab />, { as: treasurer });
    expect(await screen.findByText('Failed to load pledges. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Pledges' })).toBeInTheDocument();
  });

  it('counts a counter gift toward a pledge by its receipt number, shows the server’s refusal on the field, and takes it back', async () => {
    serve([ravi, gone]);
    const counted = { ...ravi, fulfilled: '1500.00', remaining: '3501.00', assignedGifts: [{ paymentId: 'pay-9', receiptNumber: 'AUTO-9-9', paidAt: '2027-02-01T18:00:00Z', amount: '300.00', donorName: 'Padma (walk-in)' }] };
    const sent: unknown[] = [];
    let removed = '';
    server.use(
      http.post('/api/pledges/p-1/gifts', async ({ request }) => {
        const body = (await request.json()) as { receiptNumber: string };
        sent.push(body);
        if (body.receiptNumber !== 'AUTO-9-9') {
          return HttpResponse.json({ message: 'Invalid', errors: { receiptNumber: 'No completed gift has that receipt number' } }, { status: 400 });
        }
        return HttpResponse.json(counted);
      }),
      http.delete('/api/pledges/p-1/gifts/:payment', ({ params }) => {
        removed = String(params.payment);
        return HttpResponse.json(ravi);
      }),
    );
    const { user } = renderWithProviders(<PledgesTab />, { as: treasurer });
    const table = await screen.findByRole('table', { name: 'Pledges' });
    // A cancelled pledge without counted gifts has nothing to count.
    expect(within(table).getAllByRole('button', { name: /^Counter gifts for / })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Counter gifts for Ravi Kumar’s pledge to Temple Building' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter gifts for Ravi Kumar’s pledge' });
    expect(dialog).toHaveTextContent('No counter gifts counted by hand yet.');
    const field = within(dialog).getByRole('textbox', { name: 'Receipt number' });
    await user.click(within(dialog).getByRole('button', { name: 'Count toward pledge' }));
    expect(await within(dialog).findByText('Enter the receipt number printed on the counter receipt')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(field, 'AUTO-0-0');
    await user.click(within(dialog).getByRole('button', { name: 'Count toward pledge' }));
    expect(await within(dialog).findByText('No completed gift has that receipt number')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, ' AUTO-9-9 ');
    await user.click(within(dialog).getByRole('button', { name: 'Count toward pledge' }));
    const list = await within(dialog).findByRole('list', { name: 'Counted counter gifts' });
    expect(list).toHaveTextContent('AUTO-9-9');
    expect(list).toHaveTextContent('$300.00');
    expect(dialog).toHaveTextContent('$1,500.00 given');
    expect(sent).toEqual([{ receiptNumber: 'AUTO-0-0' }, { receiptNumber: 'AUTO-9-9' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Stop counting AUTO-9-9' }));
    await waitFor(() => expect(removed).toBe('pay-9'));
    expect(await within(dialog).findByText('No counter gifts counted by hand yet.')).toBeInTheDocument();
  });

  it('offers no counter gifts without the right to manage funds', async () => {
    serve([ravi]);
    renderWithProviders(<PledgesTab />, { as: makeStaff(['treasurer'], { permissions: ['read_ledger'] }) });
    await screen.findByRole('table', { name: 'Pledges' });
    expect(screen.queryByRole('columnheader', { name: 'Counter gifts' })).not.toBeInTheDocument();
  });
});
