import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { LedgerAccount } from '../api/books';
import { AccountsTab } from './accounts-tab';

type Body = Partial<Pick<LedgerAccount, 'code' | 'name' | 'kind' | 'isActive'>>;

/** A chart kept in memory: POST and PATCH answer as the server would, or with `refuse`'s answer. */
function serve(refuse: { post?: () => Response | undefined; patch?: () => Response | undefined } = {}) {
  const chart: LedgerAccount[] = [
    { id: 'a1', code: '1200', name: 'Undeposited Funds', kind: 'asset', isActive: true },
    { id: 'a2', code: '4000', name: 'Contributions', kind: 'income', isActive: true },
    { id: 'a3', code: '4100', name: 'Seva and Puja Income', kind: 'income', isActive: true },
  ];
  const sent: { method: string; id?: string; body: Body }[] = [];
  server.use(
    http.get('/api/admin/accounting/accounts', () => HttpResponse.json([...chart].sort((a, b) => a.code.localeCompare(b.code)))),
    http.post('/api/admin/accounting/accounts', async ({ request }) => {
      const body = (await request.json()) as Body;
      sent.push({ method: 'POST', body });
      const refused = refuse.post?.();
      if (refused) return refused;
      const added = { id: `a${chart.length + 1}`, code: body.code ?? '', name: body.name ?? '', kind: body.kind ?? 'income', isActive: true };
      chart.push(added);
      return HttpResponse.json(added, { status: 201 });
    }),
    http.patch('/api/admin/accounting/accounts/:id', async ({ request, params }) => {
      const body = (await request.json()) as Body;
      sent.push({ method: 'PATCH', id: String(params.id), body });
      const refused = refuse.patch?.();
      if (refused) return refused;
      const i = chart.findIndex((a) => a.id === params.id);
      chart[i] = { ...chart[i], ...body };
      return HttpResponse.json(chart[i]);
    }),
  );
  return { sent };
}

const treasurer = makeStaff(['treasurer']);

describe('the chart of accounts tab', () => {
  it('lists the accounts by code with their kinds and whether they are active', async () => {
    serve();
    renderWithProviders(<AccountsTab />, { as: treasurer });
    const table = await screen.findByRole('table', { name: 'Chart of accounts' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Code', 'Name', 'Kind', 'Active', 'Edit']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 3).map((c) => c.textContent))).toEqual([
      ['1200', 'Undeposited Funds', 'Asset'],
      ['4000', 'Contributions', 'Income'],
      ['4100', 'Seva and Puja Income', 'Income'],
    ]);
    expect(screen.getByRole('switch', { name: '4000 Contributions active' })).toBeChecked();
  });

  it('checks a new account before sending it, shows the server’s field errors, then adds it', async () => {
    let first = true;
    const { sent } = serve({
      post: () => {
        if (!first) return undefined;
        first = false;
        return HttpResponse.json({ message: 'Check the account', errors: { code: 'Code 4010 is reserved' } }, { status: 400 });
      },
    });
    const { user } = renderWithProviders(<AccountsTab />, { as: treasurer });
    await user.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add account' });
    await user.type(within(dialog).getByRole('textbox', { name: /Code/ }), '40 10');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Building: Gopuram');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Code must be 1 to 20 letters, digits, dots or hyphens')).toBeInTheDocument();
    expect(within(dialog).getByText('Name must be 1 to 100 characters, without a colon')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: /Code/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Code/ }), '4010');
    await user.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Gopuram Fund');
    await user.click(within(dialog).getByRole('combobox', { name: /Kind/ }));
    await user.click(await screen.findByRole('option', { name: 'Equity' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const code = within(dialog).getByRole('textbox', { name: /Code/ });
    await waitFor(() => expect(code).toHaveAccessibleDescription('Code 4010 is reserved'));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Add account' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add account' })).not.toBeInTheDocument());
    expect(sent.map((s) => s.body)).toEqual([
      { code: '4010', name: 'Gopuram Fund', kind: 'equity' },
      { code: '4010', name: 'Gopuram Fund', kind: 'equity' },
    ]);
    const table = screen.getByRole('table', { name: 'Chart of accounts' });
    expect(await within(table).findByRole('cell', { name: 'Gopuram Fund' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Equity' })).toBeInTheDocument();
  });

  it('shows a refused account (a code taken) in the dialog', async () => {
    serve({ post: () => HttpResponse.json({ message: 'An account with code 4000 exists' }, { status: 409 }) });
    const { user } = renderWithProviders(<AccountsTab />, { as: treasurer });
    await user.click(await screen.findByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add account' });
    await user.type(within(dialog).getByRole('textbox', { name: /Code/ }), '4000');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Donations');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An account with code 4000 exists');
  });

  it('edits an account', async () => {
    const { sent } = serve();
    const { user } = renderWithProviders(<AccountsTab />, { as: treasurer });
    await user.click(await screen.findByRole('button', { name: 'Edit 4100 Seva and Puja Income' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit account' });
    expect(within(dialog).getByRole('textbox', { name: /Code/ })).toHaveValue('4100');
    await user.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Seva Income');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ method: 'PATCH', id: 'a3', body: { code: '4100', name: 'Seva Income', kind: 'income' } }]);
    expect(await screen.findByRole('cell', { name: 'Seva Income' })).toBeInTheDocument();
  });

  it('switches an account off, and keeps a mapped account on with the server’s reason', async () => {
    let mapped = false;
    const { sent } = serve({
      patch: () => (mapped ? HttpResponse.json({ message: 'This account is mapped: Payment method Cash' }, { status: 409 }) : undefined),
    });
    const { user } = renderWithProviders(<AccountsTab />, { as: treasurer });
    const seva = await screen.findByRole('switch', { name: '4100 Seva and Puja Income active' });
    await user.click(seva);
    await waitFor(() => expect(screen.getByRole('switch', { name: '4100 Seva and Puja Income active' })).not.toBeChecked());
    expect(sent).toEqual([{ method: 'PATCH', id: 'a3', body: { isActive: false } }]);

    mapped = true;
    await user.click(screen.getByRole('switch', { name: '1200 Undeposited Funds active' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is mapped: Payment method Cash');
    expect(screen.getByRole('switch', { name: '1200 Undeposited Funds active' })).toBeChecked();
  });
});
