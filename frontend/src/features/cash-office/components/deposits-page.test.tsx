import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { currentLocation, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { makeCheck, makeCollection, makeDeposit, makeDepositSummary, makeDrawerClose, makeTreasurer } from '../test-data';
import type { DepositRequest, Undeposited } from '../types';
import { DepositsPage } from './deposits-page';

const waiting: Undeposited = {
  drawers: [makeDrawerClose()],
  collections: [makeCollection({ id: 'col-1', locked: true }), makeCollection({ id: 'col-2', boxName: 'Annadanam box', total: '10.10', fundName: 'Annadanam', locked: true })],
  checks: [makeCheck(), makeCheck({ id: 'chk-2', checkNumber: '2417', bank: 'Wells Fargo', amount: '101.00', donorName: null })],
};

function serve(onDeposit: (body: DepositRequest) => Response) {
  server.use(
    http.get('/api/deposits/undeposited', () => HttpResponse.json(waiting)),
    http.get('/api/deposits', () => HttpResponse.json([makeDepositSummary({ id: 'old', number: 'D-20261120-1', clearedAt: '2026-11-22T17:00:00Z', clearedByName: 'Radha Iyer' })])),
    http.post('/api/deposits', async ({ request }) => onDeposit((await request.json()) as DepositRequest)),
    http.get('/api/collections', () => HttpResponse.json([])),
  );
}

describe('the deposits page', () => {
  it('lists what is ready in three groups, keeps the running totals and makes the deposit', async () => {
    let sent: DepositRequest | undefined;
    serve((body) => {
      sent = body;
      return HttpResponse.json(makeDeposit(), { status: 201 });
    });
    server.use(http.get('/api/deposits/dep-1', () => HttpResponse.json(makeDeposit())));
    const { user } = renderWithProviders(<DepositsPage />, { route: '/deposits', path: '/deposits', as: makeTreasurer() });

    const drawers = await screen.findByRole('region', { name: 'Closed drawers (1)' });
    expect(within(drawers).getByRole('checkbox', { name: /Counter drawer · Nov 24, 2026/ })).toHaveAccessibleName(
      'Counter drawer · Nov 24, 2026 Counted $120.00 against $122.00 expected, difference -$2.00 · closed by Desk Volunteer $120.00',
    );
    const checks = screen.getByRole('region', { name: 'Checks (2)' });
    expect(within(checks).getByRole('checkbox', { name: /Check 1042 · Golden 1/ })).toHaveAccessibleName(
      'Check 1042 · Golden 1 Dated Nov 20, 2026 · Meena Krishnan $25.00',
    );
    const totals = screen.getByRole('status', { name: 'Deposit totals' });
    expect(totals).toHaveTextContent('Cash$0.00Checks (0)$0.00Total$0.00');

    await user.click(screen.getByRole('checkbox', { name: /Main hundi · Nov 24, 2026/ }));
    await user.click(screen.getByRole('checkbox', { name: /Check 1042/ }));
    expect(totals).toHaveTextContent('Cash$73.75Checks (1)$25.00Total$98.75');
    await user.click(within(checks).getByRole('checkbox', { name: 'Select all checks' }));
    expect(totals).toHaveTextContent('Checks (2)$126.00Total$199.75');
    await user.click(within(checks).getByRole('checkbox', { name: 'Select all checks' }));
    expect(totals).toHaveTextContent('Cash$73.75Checks (0)$0.00Total$73.75');
    await user.click(screen.getByRole('checkbox', { name: /Check 1042/ }));

    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Bag 12');
    await user.click(screen.getByRole('button', { name: 'Make deposit · $98.75' }));
    await waitFor(() => expect(currentLocation()).toBe('/deposits/dep-1'));
    expect(sent).toEqual({ drawerCloseIds: [], collectionIds: ['col-1'], checkIds: ['chk-1'], note: 'Bag 12' });
  });

  it('asks for an item first, and shows the refusal of one already deposited', async () => {
    serve(() => HttpResponse.json({ message: 'Check 1042 is already in deposit D-20261125-1; nothing was deposited' }, { status: 409 }));
    const { user } = renderWithProviders(<DepositsPage />, { route: '/deposits', path: '/deposits', as: makeTreasurer() });
    await user.click(await screen.findByRole('button', { name: 'Make deposit · $0.00' }));
    expect(screen.getByText('Choose at least one closed drawer, hundi count or check')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Check 1042/ }));
    await user.click(screen.getByRole('button', { name: 'Make deposit · $25.00' }));
    expect(await screen.findByText('Check 1042 is already in deposit D-20261125-1; nothing was deposited')).toBeInTheDocument();
    expect(currentLocation()).toBe('/deposits');
  });

  it('lists the deposits made, each opening its slip', async () => {
    serve(() => HttpResponse.json({}, { status: 500 }));
    renderWithProviders(<DepositsPage />, { route: '/deposits', path: '/deposits', as: makeTreasurer() });
    const list = await screen.findByRole('list', { name: 'Deposits' });
    const row = within(list).getByRole('link');
    expect(row).toHaveAttribute('href', '/deposits/old');
    expect(row).toHaveTextContent('D-20261120-1');
    expect(row).toHaveTextContent('$98.75');
    expect(row).toHaveTextContent('Cleared Nov 22, 2026');
  });
});
