import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeFundMonths } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { FundMonths } from '@/types/api';
import { FundMonthsSection } from './fund-months';

const FUND = 'f-building';
const URL = `/api/funds/${FUND}/months`;

/** Twelve months from March 2026: a slow start, a festival's month, and a month with nothing. */
const year = makeFundMonths(FUND, '2026-03', [
  ['1250.00', 3],
  ['0.00', 0],
  ['180400.50', 290],
  ['51.00', 1],
  ['0.00', 0],
  ['0.00', 0],
  ['0.00', 0],
  ['0.00', 0],
  ['0.00', 0],
  ['0.00', 0],
  ['0.00', 0],
  ['698.50', 6],
]);

function serve(answer: FundMonths | (() => Response)) {
  let asked = 0;
  server.use(
    http.get(URL, () => {
      asked += 1;
      return typeof answer === 'function' ? answer() : HttpResponse.json(answer);
    }),
  );
  return () => asked;
}

const section = () => screen.getByRole('region', { name: 'Gifts by month' });

describe('FundMonthsSection', () => {
  it('draws the months as a chart named for what it shows, and lists them in a table behind a keyboard toggle', async () => {
    serve(year);
    const { user } = renderWithProviders(<FundMonthsSection fundId={FUND} />);
    expect(within(section()).getByRole('status', { name: 'Loading gifts by month' })).toBeInTheDocument();

    expect(await screen.findByRole('img', { name: 'Bar chart of the amount raised each month, Mar 2026 to Feb 2027' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading gifts by month' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const toggle = within(section()).getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');

    const table = screen.getByRole('table', { name: 'Amount raised and gifts each month' });
    expect(within(section()).getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(section()).getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-controls', table.id);
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('rowheader', { name: 'Mar 2026' })).toBeInTheDocument();
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Month', 'Raised', 'Gifts'],
      ['Mar 2026', '$1,250.00', '3'],
      ['Apr 2026', '$0.00', '0'],
      ['May 2026', '$180,400.50', '290'],
      ['Jun 2026', '$51.00', '1'],
      ['Jul 2026', '$0.00', '0'],
      ['Aug 2026', '$0.00', '0'],
      ['Sep 2026', '$0.00', '0'],
      ['Oct 2026', '$0.00', '0'],
      ['Nov 2026', '$0.00', '0'],
      ['Dec 2026', '$0.00', '0'],
      ['Jan 2027', '$0.00', '0'],
      ['Feb 2027', '$698.50', '6'],
    ]);

    await user.keyboard(' ');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Show as table' })).toHaveFocus();
  });

  it("says 'No gifts yet' when every month is zero, with no chart and no table", async () => {
    serve(makeFundMonths(FUND, '2026-01', Array.from({ length: 12 }, () => ['0.00', 0] as [string, number])));
    renderWithProviders(<FundMonthsSection fundId={FUND} />);
    expect(await within(section()).findByText('No gifts yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show as table' })).not.toBeInTheDocument();
  });

  it('offers a retry when the months cannot be loaded', async () => {
    let fail = true;
    serve(() => (fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : HttpResponse.json(year)));
    const { user } = renderWithProviders(<FundMonthsSection fundId={FUND} />);
    expect(await within(section()).findByText('Failed to load the gifts by month. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show as table' })).not.toBeInTheDocument();
    fail = false;
    await user.click(within(section()).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: /^Bar chart of the amount raised each month/ })).toBeInTheDocument();
    expect(screen.queryByText(/Failed to load/)).not.toBeInTheDocument();
  });

  it('leaves the section out when the server has no months for the fund (404)', async () => {
    const asked = serve(() => HttpResponse.json({ message: 'Fund not found', error: 'Fund not found' }, { status: 404 }));
    renderWithProviders(<FundMonthsSection fundId={FUND} />);
    expect(section()).toBeInTheDocument();
    await waitFor(() => expect(asked()).toBe(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Gifts by month' })).not.toBeInTheDocument());
    expect(screen.queryByText(/Failed to load/)).not.toBeInTheDocument();
  });
});
