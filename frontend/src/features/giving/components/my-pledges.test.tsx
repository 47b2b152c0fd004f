import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';
import { makeFund, makeGeneralFund, makePledge } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { Pledge } from '@/types/api';
import { MyPledges } from './my-pledges';

/** Serves GET /api/pledges/mine from a list the test can change. */
function serve(initial: Pledge[]) {
  let list = initial;
  server.use(http.get('/api/pledges/mine', () => HttpResponse.json(list)));
  return (next: Pledge[]) => (list = next);
}

const general = makeGeneralFund();
const building = makeFund({ id: 'f-building', name: 'Building Fund' });
const annadanam = makeFund({ id: 'f-anna', name: 'Annadanam', goal: null });

/** Types a value at once (pasted), as a person's browser fills a field. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function replace(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await fill(user, field, text);
}

const cardOf = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

describe('MyPledges', () => {
  it('shows each pledge with its period, what was given toward it and what is to go', async () => {
    serve([
      makePledge({ id: 'p-1', note: 'For the new hall' }),
      makePledge({ id: 'p-2', fundId: 'f-anna', fundName: 'Annadanam', amount: '1001.00', fulfilled: '1500.00', remaining: '0.00', percent: 100 }),
      makePledge({
        id: 'p-3',
        fundId: 'f-roof',
        fundName: 'Old Roof',
        amount: '250.00',
        startsOn: '2026-07-01',
        endsOn: '2027-06-30',
        status: 'cancelled',
        fulfilled: '50.00',
        remaining: '200.00',
        percent: 20,
      }),
    ]);
    renderWithProviders(<MyPledges />);
    const list = await screen.findByRole('list', { name: 'My pledges' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    const b = cardOf('Building Fund');
    expect(b).toHaveTextContent('$5,001.00 over Jan 1 – Dec 31, 2027');
    expect(b).toHaveTextContent('$1,200.00 given · $3,801.00 to go');
    expect(b).toHaveTextContent('For the new hall');
    const bar = within(b).getByRole('progressbar', { name: 'Building Fund pledge: given so far' });
    expect(bar).toHaveAttribute('aria-valuenow', '23');
    expect(bar).toHaveAttribute('aria-valuetext', '23% given');
    expect(within(b).queryByText('Cancelled')).not.toBeInTheDocument();
    expect(within(b).getByRole('button', { name: 'Cancel pledge to Building Fund' })).toBeInTheDocument();

    const a = cardOf('Annadanam');
    expect(a).toHaveTextContent('Fulfilled — thank you!');
    expect(within(a).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    const r = cardOf('Old Roof');
    expect(r).toHaveTextContent('$250.00 over Jul 1, 2026 – Jun 30, 2027');
    expect(within(r).getByText('Cancelled')).toBeInTheDocument();
    expect(r).toHaveTextContent('$50.00 given');
    expect(r).not.toHaveTextContent('to go');
    expect(within(r).queryByRole('button', { name: /Cancel pledge/ })).not.toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Make a pledge' })).toBeInTheDocument();
  });

  it('explains pledges when there are none, and shows the loading and error states', async () => {
    serve([]);
    const { unmount } = renderWithProviders(<MyPledges />);
    expect(screen.getByRole('status', { name: 'Loading your pledges' })).toHaveAttribute('aria-busy', 'true');
    expect(
      await screen.findByText(
        'You have no pledges. A pledge is a promise to give an amount to a fund over a period; your gifts to that fund count toward it automatically.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make a pledge' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'My pledges' })).not.toBeInTheDocument();
    unmount();

    let fail = true;
    server.use(
      http.get('/api/pledges/mine', () => (fail ? HttpResponse.json({ message: 'x' }, { status: 500 }) : HttpResponse.json([makePledge()]))),
    );
    const { user } = renderWithProviders(<MyPledges />);
    expect(await screen.findByText('Your pledges could not be loaded. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'My pledges' })).toBeInTheDocument();
  });

  it('cancels a pledge after asking, and shows it cancelled', async () => {
    const pledge = makePledge({ id: 'p-1' });
    const set = serve([pledge]);
    let cancelled = 0;
    server.use(
      http.post('/api/pledges/mine/p-1/cancel', () => {
        cancelled += 1;
        const after = { ...pledge, status: 'cancelled' as const };
        set([after]);
        return HttpResponse.json(after);
      }),
    );
    const { user } = renderWithProviders(<MyPledges />);
    await user.click(await screen.findByRole('button', { name: 'Cancel pledge to Building Fund' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Cancel this pledge?' });
    expect(dialog).toHaveTextContent('Your pledge to Building Fund of $5,001.00 over Jan 1 – Dec 31, 2027 will be cancelled.');
    // Keeping it sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep pledge' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(cancelled).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Cancel pledge to Building Fund' }));
    dialog = screen.getByRole('alertdialog', { name: 'Cancel this pledge?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel pledge' }));
    expect(await screen.findByText('Pledge cancelled')).toBeInTheDocument();
    expect(cancelled).toBe(1);
    await waitFor(() => expect(within(cardOf('Building Fund')).getByText('Cancelled')).toBeInTheDocument());
    expect(within(cardOf('Building Fund')).queryByRole('button', { name: /Cancel pledge/ })).not.toBeInTheDocument();
  });

  it("says why a pledge could not be cancelled, and keeps it", async () => {
    serve([makePledge({ id: 'p-1' })]);
    server.use(http.post('/api/pledges/mine/p-1/cancel', () => HttpResponse.json({ message: 'Pledge not found' }, { status: 404 })));
    const { user } = renderWithProviders(<MyPledges />);
    await user.click(await screen.findByRole('button', { name: 'Cancel pledge to Building Fund' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel pledge' }));
    expect(await screen.findByText('Pledge not found')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Cancel this pledge?' })).toBeInTheDocument();
  });

  describe('making a pledge', () => {
    beforeEach(() => {
      // The temple's today: March 10, 2027 (noon in Folsom).
      vi.useFakeTimers({ now: new Date('2027-03-10T20:00:00Z'), toFake: ['Date'] });
      server.use(http.get('/api/funds', () => HttpResponse.json([general, building, annadanam])));
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("checks the form by the server's rules, then sends the pledge and shows it", async () => {
      const set = serve([]);
      let body: unknown;
      server.use(
        http.post('/api/pledges/mine', async ({ request }) => {
          body = await request.json();
          const made = makePledge({ id: 'p-new', fulfilled: '0.00', remaining: '5001.00', percent: 0 });
          set([made]);
          return HttpResponse.json(made, { status: 201 });
        }),
      );
      const { user } = renderWithProviders(<MyPledges />);
      await user.click(await screen.findByRole('button', { name: 'Make a pledge' }));
      const dialog = screen.getByRole('dialog', { name: 'Make a pledge' });
      expect(dialog).toHaveAccessibleDescription(/Your gifts to that fund in the period count toward it automatically/);
      // This year by default.
      expect(within(dialog).getByLabelText(/Starts on/)).toHaveValue('2027-01-01');
      expect(within(dialog).getByLabelText(/Ends on/)).toHaveValue('2027-12-31');

      await replace(user, within(dialog).getByLabelText(/Ends on/), '2026-12-31');
      await user.click(within(dialog).getByRole('button', { name: 'Make pledge' }));
      expect(await within(dialog).findByText('Choose a fund')).toBeInTheDocument();
      expect(within(dialog).getByText('Amount must be at least 1')).toBeInTheDocument();
      expect(within(dialog).getByText('The end date must be on or after the start date')).toBeInTheDocument();
      expect(within(dialog).getByRole('combobox', { name: /Fund/ })).toHaveAttribute('aria-invalid', 'true');
      expect(body).toBeUndefined();

      await replace(user, within(dialog).getByLabelText(/Ends on/), '2027-03-09');
      expect(await within(dialog).findByText('A pledge ends today or later')).toBeInTheDocument();
      await replace(user, within(dialog).getByLabelText(/Ends on/), '2027-12-31');
      await fill(user, within(dialog).getByLabelText(/Amount/), '50.125');
      expect(await within(dialog).findByText('Amount must be an amount in dollars, like 5001 or 5001.00')).toBeInTheDocument();
      await replace(user, within(dialog).getByLabelText(/Amount/), '5,001');

      await user.click(within(dialog).getByRole('combobox', { name: /Fund/ }));
      const options = await screen.findAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual(['General', 'Building Fund', 'Annadanam']);
      await user.click(screen.getByRole('option', { name: 'Building Fund' }));
      await fill(user, within(dialog).getByLabelText(/Note/), '  For the new hall ');
      await user.click(within(dialog).getByRole('button', { name: 'Make pledge' }));

      expect(await screen.findByText('Thank you for your pledge')).toBeInTheDocument();
      expect(screen.getByText('$5,001.00 to Building Fund')).toBeInTheDocument();
      expect(body).toEqual({ fundId: 'f-building', amount: '5001', startsOn: '2027-01-01', endsOn: '2027-12-31', note: 'For the new hall' });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await screen.findByText('$0.00 given · $5,001.00 to go')).toBeInTheDocument();
    });

    it("shows the server's field errors on their fields and keeps the form open", async () => {
      serve([]);
      server.use(
        http.post('/api/pledges/mine', () =>
          HttpResponse.json(
            {
              message: 'Validation failed',
              errors: { startsOn: 'You already pledged to this fund for part of these dates; cancel that pledge first', amount: 'Amount must be at most 10,000,000' },
            },
            { status: 400 },
          ),
        ),
      );
      const { user } = renderWithProviders(<MyPledges />);
      await user.click(await screen.findByRole('button', { name: 'Make a pledge' }));
      const dialog = screen.getByRole('dialog', { name: 'Make a pledge' });
      await user.click(within(dialog).getByRole('combobox', { name: /Fund/ }));
      await user.click(await screen.findByRole('option', { name: 'Annadanam' }));
      await fill(user, within(dialog).getByLabelText(/Amount/), '9000000');
      await user.click(within(dialog).getByRole('button', { name: 'Make pledge' }));
      expect(await within(dialog).findByText('You already pledged to this fund for part of these dates; cancel that pledge first')).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/Starts on/)).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByLabelText(/Amount/)).toHaveAccessibleDescription('Amount must be at most 10,000,000');
      expect(screen.getByText('Validation failed')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Make a pledge' })).toBeInTheDocument();
    });

    it('opens the form with the fund of the link chosen, and forgets the link once closed', async () => {
      serve([makePledge()]);
      const { user } = renderWithProviders(<MyPledges />, { route: '/my-donations?pledgeFund=f-anna' });
      const dialog = await screen.findByRole('dialog', { name: 'Make a pledge' });
      expect(await within(dialog).findByRole('combobox', { name: /Fund/ })).toHaveTextContent('Annadanam');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(currentLocation()).toBe('/my-donations'));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('chooses no fund when the link names one that is not active', async () => {
      serve([]);
      renderWithProviders(<MyPledges />, { route: '/my-donations?pledgeFund=no-such-fund' });
      const dialog = await screen.findByRole('dialog', { name: 'Make a pledge' });
      await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Fund/ })).not.toHaveAttribute('aria-disabled'));
      expect(within(dialog).getByRole('combobox', { name: /Fund/ })).not.toHaveTextContent(/\w/);
    });
  });
});
