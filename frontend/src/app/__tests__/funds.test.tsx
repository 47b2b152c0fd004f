import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDonationType, makeFund, makeFundMonths, makeGeneralFund } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

const general = makeGeneralFund();
const building = makeFund({ id: 'f-building', name: 'Building Fund', startsOn: '2027-03-01', endsOn: '2027-12-31' });

describe('/funds', () => {
  it('lists each active fund with what it has raised, a labelled bar toward a goal, and its campaign', async () => {
    server.use(http.get('/api/funds', () => HttpResponse.json([general, building])));
    renderApp('/funds');
    expect(await screen.findByRole('heading', { name: 'Funds', level: 1 })).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Funds' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    const [generalCard, buildingCard] = items;
    expect(within(generalCard).getByRole('heading', { name: 'General' })).toBeInTheDocument();
    expect(within(generalCard).getByText('$1,234.00 raised · 12 donors')).toBeInTheDocument();
    // No goal, no bar.
    expect(within(generalCard).queryByRole('progressbar')).not.toBeInTheDocument();

    expect(within(buildingCard).getByText('$182,400.00 of $500,000.00 · 214 donors')).toBeInTheDocument();
    const bar = within(buildingCard).getByRole('progressbar', { name: 'Building Fund: raised toward the goal' });
    expect(bar).toHaveAttribute('aria-valuenow', '36');
    expect(bar).toHaveAttribute('aria-valuetext', '36% of the goal');
    expect(within(buildingCard).getByText('March 1, 2027 – December 31, 2027')).toBeInTheDocument();
    expect(within(buildingCard).getByRole('link')).toHaveAttribute('href', '/funds/f-building');
  });

  it('says so when no fund is open, and offers a retry when the list fails', async () => {
    server.use(http.get('/api/funds', () => HttpResponse.json([])));
    const { unmount } = renderApp('/funds');
    expect(await screen.findByText('No funds are open for gifts right now. Please check back soon.')).toBeInTheDocument();
    unmount();

    let fail = true;
    server.use(http.get('/api/funds', () => (fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : HttpResponse.json([building]))));
    const { user } = renderApp('/funds');
    expect(await screen.findByText('Failed to load the funds. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('progressbar', { name: 'Building Fund: raised toward the goal' })).toBeInTheDocument();
  });
});

describe('/funds/:id', () => {
  it('shows the fund with its progress as text and as an accessible bar, and a Give button to the donate page', async () => {
    server.use(
      http.get('/api/funds/f-building', () => HttpResponse.json(building)),
      http.get('/api/funds/f-building/months', () => HttpResponse.json(makeFundMonths('f-building', '2027-03', [['1200.00', 4], ['0.00', 0], ['181200.00', 296]]))),
      http.get('/api/donation-types', () => HttpResponse.json([makeDonationType()])),
      http.get('/api/payment-methods/active', () => HttpResponse.json([])),
    );
    const { user } = renderApp('/funds/f-building');
    expect(await screen.findByRole('heading', { name: 'Building Fund', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('A new hall for festivals and classes.')).toBeInTheDocument();
    expect(screen.getByText('$182,400.00 of $500,000.00 · 214 donors')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Building Fund: raised toward the goal' });
    expect(bar).toHaveAttribute('aria-valuenow', '36');
    expect(screen.getByText('36%')).toBeInTheDocument();
    expect(screen.getByText('300')).toBeInTheDocument();
    expect(screen.getByText('March 1, 2027 – December 31, 2027')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All funds' })).toHaveAttribute('href', '/funds');
    // Below the figures, the gifts by month: a chart, and its figures as a table.
    const months = screen.getByRole('region', { name: 'Gifts by month' });
    expect(await within(months).findByRole('img', { name: 'Bar chart of the amount raised each month, Mar 2027 to May 2027' })).toBeInTheDocument();
    await user.click(within(months).getByRole('button', { name: 'Show as table' }));
    expect(within(months).getByRole('rowheader', { name: 'May 2027' })).toBeInTheDocument();
    expect(within(months).getByText('$181,200.00')).toBeInTheDocument();

    // Give opens the donate page with the fund chosen.
    await user.click(screen.getByRole('link', { name: 'Give' }));
    await waitFor(() => expect(currentLocation()).toBe('/donate?fund=f-building'));
    expect(await screen.findByRole('heading', { name: 'Make a Donation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See our funds and what each has raised' })).toHaveAttribute('href', '/funds');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Purpose/ })).toHaveTextContent('Building Fund'));
    expect(screen.getByText('Your gift goes to the Building Fund.')).toBeInTheDocument();
  });

  it('shows a fund without a goal with no bar, and a fund no longer open without a Give button', async () => {
    const closed = makeFund({ id: 'f-old', name: 'Old Roof', goal: null, isActive: false, progress: { raised: '900.00', gifts: 3, donors: 1, percent: null } });
    server.use(http.get('/api/funds/f-old', () => HttpResponse.json(closed)));
    renderApp('/funds/f-old');
    expect(await screen.findByRole('heading', { name: 'Old Roof', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('$900.00 raised · 1 donor')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Give' })).not.toBeInTheDocument();
    expect(screen.getByText(/This fund no longer receives gifts/)).toBeInTheDocument();
  });

  it("shows 'Fund not found' with a way back to the funds for an unknown id", async () => {
    server.use(http.get('/api/funds/missing', () => HttpResponse.json({ message: 'Fund not found', error: 'Fund not found' }, { status: 404 })));
    renderApp('/funds/missing');
    expect(await screen.findByRole('heading', { name: 'Fund not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all funds' })).toHaveAttribute('href', '/funds');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('offers a retry when the fund cannot be loaded', async () => {
    server.use(http.get('/api/funds/f-building', () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    renderApp('/funds/f-building');
    expect(await screen.findByText('Failed to load the fund. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
