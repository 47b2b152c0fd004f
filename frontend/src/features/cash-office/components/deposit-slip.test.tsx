import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { testSite } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { makeCheck, makeDeposit, makeDepositSummary, makeDrawerClose, makeTreasurer } from '../test-data';
import type { Deposit } from '../types';
import { DepositSlip } from './deposit-slip';

const deposit = makeDeposit({
  deposit: makeDepositSummary({ cash: '193.75', checks: '126.00', checkCount: 2, total: '319.75', note: 'Bag 12' }),
  drawers: [makeDrawerClose()],
  checks: [makeCheck(), makeCheck({ id: 'chk-2', checkNumber: '2417', bank: 'Wells Fargo', amount: '101.00', checkDate: '2026-11-21', donorName: 'Gopal Iyer' })],
});

function serve(first: Deposit) {
  let current = first;
  server.use(
    http.get('/api/site', () => HttpResponse.json({ ...testSite, settings: { ...testSite.settings, legalName: 'Sri Venkateswara Temple of Folsom, Inc.' } })),
    http.get('/api/deposits/dep-1', () => HttpResponse.json(current)),
    http.get('/api/deposits', () => HttpResponse.json([current.deposit])),
    http.get('/api/deposits/undeposited', () => HttpResponse.json({ drawers: [], collections: [], checks: [] })),
  );
  return { set: (next: Deposit) => (current = next) };
}

function renderSlip() {
  return renderWithProviders(<DepositSlip id="dep-1" />, { route: '/deposits/dep-1', path: '/deposits/:id', routes: { '/deposits': <p>Deposits</p> }, as: makeTreasurer() });
}

describe('the deposit slip', () => {
  it("shows the temple's legal name, the cash, every check and the totals, and prints", async () => {
    serve(deposit);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderSlip();
    const slip = await screen.findByRole('article', { name: 'Deposit slip' });
    expect(slip).toHaveTextContent('Sri Venkateswara Temple of Folsom, Inc.');
    expect(slip).toHaveTextContent('12 Test Street');
    expect(within(slip).getByRole('heading', { level: 1 })).toHaveTextContent('Deposit slip D-20261125-1');
    const cash = within(slip).getByRole('table', { name: 'Cash' });
    expect(within(cash).getByRole('row', { name: /Counter drawer, Nov 24, 2026/ })).toHaveTextContent('$120.00');
    expect(within(cash).getByRole('row', { name: /Hundi: Main hundi, Nov 24, 2026/ })).toHaveTextContent('$73.75');
    expect(within(cash).getByRole('row', { name: /Cash total/ })).toHaveTextContent('$193.75');
    const checks = within(slip).getByRole('table', { name: 'Checks' });
    expect(within(checks).getByRole('row', { name: '1042 Golden 1 Nov 20, 2026 Meena Krishnan $25.00' })).toBeInTheDocument();
    expect(within(checks).getByRole('row', { name: '2417 Wells Fargo Nov 21, 2026 Gopal Iyer $101.00' })).toBeInTheDocument();
    expect(within(checks).getByRole('row', { name: 'Checks total (2 checks) $126.00' })).toBeInTheDocument();
    expect(slip).toHaveTextContent('Total deposit$319.75');
    expect(slip).toHaveTextContent('Bag 12');
    expect(slip).toHaveClass('print-sheet');

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('marks the deposit cleared after asking; a cleared deposit can no longer change', async () => {
    const served = serve(deposit);
    let cleared = false;
    server.use(
      http.post('/api/deposits/dep-1/clear', () => {
        cleared = true;
        const done = { ...deposit, deposit: { ...deposit.deposit, clearedAt: '2026-11-26T17:00:00Z', clearedByName: 'Radha Iyer' } };
        served.set(done);
        return HttpResponse.json(done);
      }),
    );
    const { user } = renderSlip();
    await user.click(await screen.findByRole('button', { name: 'Mark cleared' }));
    const question = screen.getByRole('group', { name: 'Mark deposit D-20261125-1 cleared?' });
    expect(question).toHaveTextContent('Do this once the bank statement shows $319.75.');
    // No puts the buttons back, and the focus on the one pressed.
    await user.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark cleared' })).toHaveFocus());
    expect(cleared).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Mark cleared' }));
    expect(screen.getByRole('button', { name: 'Yes, mark cleared' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cleared).toBe(true));
    expect(await screen.findByText(/Nov 26, 2026, .* \(Radha Iyer\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark cleared' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take apart' })).not.toBeInTheDocument();
  });

  it('takes a deposit apart after asking, and shows a refusal', async () => {
    serve(deposit);
    let calls = 0;
    server.use(
      http.delete('/api/deposits/dep-1', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'This deposit is cleared: the bank has the money, and it can no longer change' }, { status: 409 })
          : new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderSlip();
    await user.click(await screen.findByRole('button', { name: 'Take apart' }));
    await user.click(screen.getByRole('button', { name: 'Yes, take it apart' }));
    expect(await screen.findByText('This deposit is cleared: the bank has the money, and it can no longer change')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Take apart' }));
    await user.click(screen.getByRole('button', { name: 'Yes, take it apart' }));
    await waitFor(() => expect(currentLocation()).toBe('/deposits'));
  });

  it('says when the deposit is gone', async () => {
    server.use(http.get('/api/deposits/dep-1', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })));
    renderSlip();
    expect(await screen.findByText(/This deposit is not here any more/)).toBeInTheDocument();
  });
});
