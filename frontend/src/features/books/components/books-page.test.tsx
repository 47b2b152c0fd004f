import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import type { AccountMappings, AccountingPreview, LedgerAccount } from '../api/books';
import { BooksPage } from './books-page';

const accounts: LedgerAccount[] = [
  { id: 'undeposited', code: '1200', name: 'Undeposited Funds', kind: 'asset', isActive: true },
  { id: 'contributions', code: '4000', name: 'Contributions', kind: 'income', isActive: true },
  { id: 'building', code: '4010', name: 'Building Fund', kind: 'income', isActive: true },
];

/** The books of one fund: its lines go to the default until it is mapped, and the preview says so. */
function serve() {
  const chart = accounts.map((a) => ({ ...a }));
  let fundAccount: string | null = null;
  const mappings = (): AccountMappings => ({
    rows: [
      { subject: 'default_income', subjectId: '', label: 'Income', accountId: 'contributions', effectiveAccountId: 'contributions' },
      { subject: 'default_deposit', subjectId: '', label: 'Deposits', accountId: 'undeposited', effectiveAccountId: 'undeposited' },
      { subject: 'fund', subjectId: 'f1', label: 'Building', accountId: fundAccount, effectiveAccountId: fundAccount ?? 'contributions' },
    ],
  });
  const contributions = () => chart.find((a) => a.id === 'contributions')!;
  server.use(
    http.get('/api/admin/accounting/accounts', () => HttpResponse.json(chart)),
    http.patch('/api/admin/accounting/accounts/:id', async ({ request, params }) => {
      const a = chart.find((x) => x.id === params.id)!;
      Object.assign(a, (await request.json()) as Partial<LedgerAccount>);
      return HttpResponse.json(a);
    }),
    http.get('/api/admin/accounting/mappings', () => HttpResponse.json(mappings())),
    http.put('/api/admin/accounting/mappings', async ({ request }) => {
      fundAccount = ((await request.json()) as { accountId: string | null }).accountId;
      return HttpResponse.json(mappings());
    }),
    http.get('/api/admin/accounting/exports', () => HttpResponse.json([])),
    http.get('/api/admin/accounting/preview', ({ request }) => {
      const url = new URL(request.url);
      const preview: AccountingPreview = {
        from: url.searchParams.get('from') ?? '',
        to: url.searchParams.get('to') ?? '',
        entries: 2,
        gifts: 2,
        refunds: 0,
        payouts: 0,
        total: '201.00',
        unmapped: fundAccount ? [] : [`Fund 'Building' has no account: its lines go to ${contributions().code} ${contributions().name}`],
        earlier: [],
      };
      return HttpResponse.json(preview);
    }),
  );
}

const treasurer = makeStaff(['treasurer']);

describe('the Accounting page', () => {
  it('opens on the export and keeps the tab in the URL', async () => {
    serve();
    const { user } = renderWithProviders(<BooksPage />, { as: treasurer, route: '/admin/accounting' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounting' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Export' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(/2 entries \(2 gifts, 0 refunds\) · \$201\.00/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Chart of accounts' }));
    expect(currentLocation()).toBe('/admin/accounting?tab=accounts');
    expect(await screen.findByRole('table', { name: 'Chart of accounts' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Export' }));
    expect(currentLocation()).toBe('/admin/accounting');
  });

  it('opens the tab the URL names', async () => {
    serve();
    renderWithProviders(<BooksPage />, { as: treasurer, route: '/admin/accounting?tab=mappings' });
    expect(await screen.findByRole('tab', { name: 'Mappings' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Funds' })).toBeInTheDocument();
  });

  it('shows only the export and the payouts to whoever may export but not keep the chart', async () => {
    serve();
    const exporter = makeStaff([], { permissions: ['read_ledger', 'export_finances'] });
    renderWithProviders(<BooksPage />, { as: exporter, route: '/admin/accounting?tab=accounts' });
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual(['Export', 'Payouts']);
    expect(await screen.findByText(/2 entries/)).toBeInTheDocument();
  });

  it('reads the preview again after a fund is mapped on the other tab', async () => {
    serve();
    const { user } = renderWithProviders(<BooksPage />, { as: treasurer, route: '/admin/accounting' });
    expect(await screen.findByText("Fund 'Building' has no account: its lines go to 4000 Contributions")).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Mappings' }));
    await user.click(await screen.findByRole('combobox', { name: 'Building' }));
    await user.click(await screen.findByRole('option', { name: '4010 Building Fund' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Building' })).toHaveTextContent('4010 Building Fund'));
    await user.click(screen.getByRole('tab', { name: 'Export' }));
    expect(await screen.findByText(/2 entries/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Fund 'Building' has no account/)).not.toBeInTheDocument());
  });

  it('reads the preview again after an account is renamed on the other tab', async () => {
    serve();
    const { user } = renderWithProviders(<BooksPage />, { as: treasurer, route: '/admin/accounting' });
    expect(await screen.findByText("Fund 'Building' has no account: its lines go to 4000 Contributions")).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Chart of accounts' }));
    await user.click(await screen.findByRole('button', { name: 'Edit 4000 Contributions' }));
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Donations');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('cell', { name: 'Donations' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Export' }));
    expect(await screen.findByText("Fund 'Building' has no account: its lines go to 4000 Donations")).toBeInTheDocument();
  });
});
