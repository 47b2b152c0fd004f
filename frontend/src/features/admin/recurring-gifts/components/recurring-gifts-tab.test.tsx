import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeRecurringGift, makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { RecurringGift } from '@/types/recurring-gifts';
import { RecurringGiftsTab } from './recurring-gifts-tab';

const failing = makeRecurringGift({
  id: 'g-1',
  donorName: 'Ravi Kumar',
  donorEmail: 'ravi@example.org',
  status: 'paused',
  pausedBy: 'failures',
  failures: 3,
  lastError: 'Your card was declined.',
  nextChargeOn: null,
  pausedAt: '2027-03-02T17:00:00Z',
});
const resting = makeRecurringGift({
  id: 'g-2',
  donorName: 'Meera Iyer',
  donorEmail: 'meera@example.org',
  member: false,
  amount: '101.00',
  frequency: 'quarterly',
  fundName: 'Building Fund',
  status: 'paused',
  pausedBy: 'donor',
  nextChargeOn: null,
});
const retrying = makeRecurringGift({
  id: 'g-3',
  donorName: 'Gopal Rao',
  donorEmail: 'gopal@example.org',
  failures: 1,
  lastError: 'Your card has insufficient funds.',
  retryOn: '2027-03-13',
});

/** Serves GET /api/recurring-gifts by status, recording each query. */
function serve(all: RecurringGift[]) {
  const queries: string[] = [];
  server.use(
    http.get('/api/recurring-gifts', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      queries.push(status ?? 'all');
      return HttpResponse.json(status ? all.filter((g) => g.status === status) : all);
    }),
  );
  return queries;
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('RecurringGiftsTab', () => {
  it('lists the paused gifts first: donor, e-mail, amount, frequency, fund, failures, last error and since when', async () => {
    const queries = serve([failing, resting, retrying]);
    renderWithProviders(<RecurringGiftsTab />, { as: makeStaff(['treasurer']) });
    const table = await screen.findByRole('table', { name: 'Recurring gifts' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Paused');
    expect(queries).toEqual(['paused']);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Donor',
      'Amount',
      'Frequency',
      'Fund',
      'Failures',
      'Last error',
      'Paused since / next gift',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const ravi = within(rowOf(table, 'Ravi Kumar')).getAllByRole('cell').map((c) => c.textContent);
    expect(ravi[0]).toContain('ravi@example.org');
    expect(ravi.slice(1)).toEqual([
      '$25.00',
      'Monthly',
      'Annadanam',
      '3 of 3',
      'Your card was declined.',
      'Paused after failed chargesSince Mar 02, 2027',
    ]);
    const meera = within(rowOf(table, 'Meera Iyer')).getAllByRole('cell').map((c) => c.textContent);
    expect(meera[0]).toContain('Guest');
    expect(meera.slice(1)).toEqual(['$101.00', 'Quarterly', 'Building Fund', '0', '—', 'PausedBy the donor']);
  });

  it('shows the gifts of another status, or all of them', async () => {
    const queries = serve([failing, resting, retrying]);
    const { user } = renderWithProviders(<RecurringGiftsTab />, { as: makeStaff(['treasurer']) });
    await screen.findByRole('table', { name: 'Recurring gifts' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await waitFor(() => expect(queries).toEqual(['paused', 'active']));
    const table = await screen.findByRole('table', { name: 'Recurring gifts' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const gopal = rowOf(table, 'Gopal Rao');
    expect(gopal).toHaveTextContent('1 of 3');
    expect(gopal).toHaveTextContent('Your card has insufficient funds.Tried again March 13, 2027');
    expect(gopal).toHaveTextContent('ActiveRetry March 13, 2027');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Canceled' }));
    expect(await screen.findByText('No recurring gift was canceled.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Recurring gifts' })).getAllByRole('row')).toHaveLength(4));
    expect(queries).toEqual(['paused', 'active', 'canceled', 'all']);
  });

  it('says when the list could not be loaded, and loads it again', async () => {
    let fail = true;
    server.use(
      http.get('/api/recurring-gifts', () => (fail ? HttpResponse.json({ message: 'x' }, { status: 500 }) : HttpResponse.json([failing]))),
    );
    const { user } = renderWithProviders(<RecurringGiftsTab />, { as: makeStaff(['treasurer']) });
    expect(await screen.findByText('Failed to load recurring gifts. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Recurring gifts' })).toBeInTheDocument();
  });
});
