import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';
import { makeFund, makeGeneralFund } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { Fund } from '@/types/api';
import { FundsTab } from './funds-tab';

/** Serves GET /api/funds?all=true (answering 400 to the public list: the tab must ask for every fund). */
function serve(initial: Fund[]) {
  let list = initial;
  server.use(
    http.get('/api/funds', ({ request }) =>
      new URL(request.url).searchParams.get('all') === 'true' ? HttpResponse.json(list) : HttpResponse.json({ message: 'not all' }, { status: 400 }),
    ),
  );
  return (next: Fund[]) => (list = next);
}

const general = makeGeneralFund();
const building = makeFund({ id: 'f-building', name: 'Building Fund', restricted: true, startsOn: '2027-03-01', endsOn: '2027-12-31' });
const roof = makeFund({ id: 'f-roof', name: 'Old Roof', goal: null, isActive: false, progress: { raised: '900.00', gifts: 3, donors: 1, percent: null } });

/** Types a value at once (pasted), as a person's browser fills a field. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const rowOf = (table: HTMLElement, name: string) => within(table).getByText(name).closest('tr')!;

describe('FundsTab', () => {
  it('lists every fund with its progress, restricted and inactive ones marked, and no delete', async () => {
    serve([general, building, roof]);
    renderWithProviders(<FundsTab />);
    const table = await screen.findByRole('table', { name: 'Funds' });
    const b = rowOf(table, 'Building Fund');
    expect(within(b).getByText('Restricted')).toBeInTheDocument();
    expect(within(b).getByText('$182,400.00 of $500,000.00 · 214 donors')).toBeInTheDocument();
    expect(within(b).getByRole('progressbar', { name: 'Building Fund: raised toward the goal' })).toHaveAttribute('aria-valuenow', '36');
    expect(within(b).getAllByText('March 1, 2027 – December 31, 2027').length).toBeGreaterThan(0);
    expect(within(b).getByText('Active')).toBeInTheDocument();
    const r = rowOf(table, 'Old Roof');
    // In the Status column, and beside the name on phones (no Status column there).
    expect(within(r).getAllByText('Inactive')).toHaveLength(2);
    expect(within(r).getByText('$900.00 raised · 1 donor')).toBeInTheDocument();
    expect(within(r).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(rowOf(table, 'General')).getByText('Default')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('shows the loading, empty and error states', async () => {
    serve([]);
    const { unmount } = renderWithProviders(<FundsTab />);
    expect(screen.getByRole('progressbar', { name: 'Loading funds' })).toBeInTheDocument();
    expect(await screen.findByText('No funds yet. Add the first one.')).toBeInTheDocument();
    unmount();
    server.use(http.get('/api/funds', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderWithProviders(<FundsTab />);
    expect(await screen.findByText('Failed to load funds. Please try again.')).toBeInTheDocument();
  });

  it("checks the form by the server's rules before creating a fund, then sends every field", async () => {
    const set = serve([general]);
    let body: unknown;
    server.use(
      http.post('/api/funds', async ({ request }) => {
        body = await request.json();
        const created = makeFund({ id: 'f-new', name: 'Annadanam' });
        set([general, created]);
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<FundsTab />);
    await user.click(await screen.findByRole('button', { name: 'Add Fund' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Fund' });
    await fill(user, within(dialog).getByLabelText(/Goal/), '0.5');
    await fill(user, within(dialog).getByLabelText('Campaign starts'), '2027-03-01');
    await fill(user, within(dialog).getByLabelText('Campaign ends'), '2027-02-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Goal must be at least 1')).toBeInTheDocument();
    expect(within(dialog).getByText('The end date must be on or after the start date')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await fill(user, within(dialog).getByLabelText(/Name/), 'Annadanam');
    await user.clear(within(dialog).getByLabelText(/Goal/));
    await fill(user, within(dialog).getByLabelText(/Goal/), '12.345');
    expect(await within(dialog).findByText('Goal must be an amount in dollars, like 500000 or 500000.00')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Goal/));
    await fill(user, within(dialog).getByLabelText(/Goal/), '25000');
    await user.clear(within(dialog).getByLabelText('Campaign ends'));
    await fill(user, within(dialog).getByLabelText('Campaign ends'), '2027-12-31');
    await user.click(within(dialog).getByRole('switch', { name: 'Restricted' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Fund created')).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Annadanam',
      description: null,
      goal: '25000',
      startsOn: '2027-03-01',
      endsOn: '2027-12-31',
      restricted: true,
      isActive: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Annadanam')).toBeInTheDocument();
  });

  it('sends only the fields changed, null clearing a goal and a date', async () => {
    serve([general, building]);
    const bodies: unknown[] = [];
    server.use(
      http.patch('/api/funds/f-building', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(building);
      }),
    );
    const { user } = renderWithProviders(<FundsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Building Fund' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit Fund' });
    expect(within(dialog).getByLabelText(/Goal/)).toHaveValue('500000.00');
    await user.clear(within(dialog).getByLabelText(/Goal/));
    await user.clear(within(dialog).getByLabelText('Campaign ends'));
    await user.clear(within(dialog).getByLabelText(/Name/));
    await fill(user, within(dialog).getByLabelText(/Name/), 'New Hall Fund');
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Fund updated')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'New Hall Fund', goal: null, endsOn: null, isActive: false }]);

    // Nothing changed: nothing is sent.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit Building Fund' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Fund' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toHaveLength(1);
  });

  it("keeps the General fund's Active switch on, saying why", async () => {
    serve([general]);
    const { user } = renderWithProviders(<FundsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit General' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Fund' });
    const active = within(dialog).getByRole('switch', { name: 'Active' });
    expect(active).toBeChecked();
    expect(active).toBeDisabled();
    expect(active).toHaveAccessibleDescription('The General fund receives every gift without a fund of its own, so it stays active');
    expect(within(dialog).getByRole('switch', { name: 'Restricted' })).toBeEnabled();
  });

  it("shows the server's field errors on their fields", async () => {
    serve([general, building]);
    server.use(
      http.patch('/api/funds/f-building', () =>
        HttpResponse.json(
          {
            message: 'Validation failed',
            errors: { name: 'Name must be at most 100 characters', isActive: 'The General fund receives every gift without a fund of its own, so it stays active' },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<FundsTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Building Fund' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Fund' });
    await fill(user, within(dialog).getByLabelText(/Name/), ' Two');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Name must be at most 100 characters')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toHaveAccessibleDescription(
      'The General fund receives every gift without a fund of its own, so it stays active',
    );
    expect(screen.getByText('Validation failed')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Fund' })).toBeInTheDocument();
  });
});
