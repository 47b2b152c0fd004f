import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { AccountMapping, AccountMappings, LedgerAccount } from '../api/books';
import { MappingsTab } from './mappings-tab';

const accounts: LedgerAccount[] = [
  { id: 'checking', code: '1000', name: 'Checking', kind: 'asset', isActive: true },
  { id: 'undeposited', code: '1200', name: 'Undeposited Funds', kind: 'asset', isActive: true },
  { id: 'contributions', code: '4000', name: 'Contributions', kind: 'income', isActive: true },
  { id: 'building', code: '4010', name: 'Building Fund', kind: 'income', isActive: true },
  { id: 'old', code: '4900', name: 'Old Income', kind: 'income', isActive: false },
];

function rows(): AccountMapping[] {
  return [
    { subject: 'default_income', subjectId: '', label: 'Income', accountId: 'contributions', effectiveAccountId: 'contributions' },
    { subject: 'default_deposit', subjectId: '', label: 'Deposits', accountId: 'undeposited', effectiveAccountId: 'undeposited' },
    { subject: 'method', subjectId: 'm1', label: 'Zelle', accountId: 'checking', effectiveAccountId: 'checking' },
    { subject: 'donation_type', subjectId: 'd1', label: 'Annadanam', accountId: null, effectiveAccountId: 'contributions' },
    { subject: 'line_kind', subjectId: 'religious', label: 'Sevas and pujas', accountId: null, effectiveAccountId: 'contributions' },
    { subject: 'fund', subjectId: 'f1', label: 'Building', accountId: null, effectiveAccountId: 'contributions' },
  ];
}

type Put = { subject: AccountMapping['subject']; subjectId: string; accountId: string | null };

function serve(refusal?: { status: number; message: string }) {
  const mappings: AccountMappings = { rows: rows() };
  const put: Put[] = [];
  server.use(
    http.get('/api/admin/accounting/accounts', () => HttpResponse.json(accounts)),
    http.get('/api/admin/accounting/mappings', () => HttpResponse.json(mappings)),
    http.put('/api/admin/accounting/mappings', async ({ request }) => {
      const body = (await request.json()) as Put;
      put.push(body);
      if (refusal) return HttpResponse.json({ message: refusal.message }, { status: refusal.status });
      mappings.rows = mappings.rows.map((r) =>
        r.subject === body.subject && r.subjectId === body.subjectId ? { ...r, accountId: body.accountId, effectiveAccountId: body.accountId ?? 'contributions' } : r,
      );
      return HttpResponse.json(mappings);
    }),
  );
  return put;
}

const treasurer = makeStaff(['treasurer']);

describe('the mappings tab', () => {
  it('groups the subjects in sections, each with its help', async () => {
    serve();
    renderWithProviders(<MappingsTab />, { as: treasurer });
    expect(await screen.findByRole('heading', { name: 'Defaults' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Defaults',
      'Payment methods',
      'Donation types',
      'Sevas and goods',
      'Funds',
    ]);
    expect(screen.getByText('Where a line or a payment goes when nothing below names an account.')).toBeInTheDocument();
    const funds = screen.getByRole('region', { name: 'Funds' });
    expect(within(funds).getByRole('combobox', { name: 'Building' })).toHaveTextContent('Not set (uses 4000 Contributions)');
    expect(within(screen.getByRole('region', { name: 'Payment methods' })).getByRole('combobox', { name: 'Zelle' })).toHaveTextContent('1000 Checking');
  });

  it('offers the active accounts, and no empty choice for a default', async () => {
    serve();
    const { user } = renderWithProviders(<MappingsTab />, { as: treasurer });
    await user.click(await screen.findByRole('combobox', { name: 'Income' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '1000 Checking',
      '1200 Undeposited Funds',
      '4000 Contributions',
      '4010 Building Fund',
    ]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Building' }));
    expect((await screen.findAllByRole('option'))[0]).toHaveTextContent('Not set (uses 4000 Contributions)');
  });

  it('maps a fund to an account and shows the server’s answer, then unmaps it', async () => {
    const put = serve();
    const { user } = renderWithProviders(<MappingsTab />, { as: treasurer });
    await user.click(await screen.findByRole('combobox', { name: 'Building' }));
    await user.click(await screen.findByRole('option', { name: '4010 Building Fund' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Building' })).toHaveTextContent('4010 Building Fund'));
    expect(put).toEqual([{ subject: 'fund', subjectId: 'f1', accountId: 'building' }]);

    await user.click(screen.getByRole('combobox', { name: 'Building' }));
    await user.click(await screen.findByRole('option', { name: 'Not set (uses 4010 Building Fund)' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Building' })).toHaveTextContent('Not set (uses 4000 Contributions)'));
    expect(put[1]).toEqual({ subject: 'fund', subjectId: 'f1', accountId: null });
  });

  it('says why a change was refused and keeps the account it had', async () => {
    const put = serve({ status: 409, message: 'Old Income is inactive' });
    const { user } = renderWithProviders(<MappingsTab />, { as: treasurer });
    await user.click(await screen.findByRole('combobox', { name: 'Zelle' }));
    await user.click(await screen.findByRole('option', { name: '1200 Undeposited Funds' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Old Income is inactive');
    expect(put).toEqual([{ subject: 'method', subjectId: 'm1', accountId: 'undeposited' }]);
    expect(screen.getByRole('combobox', { name: 'Zelle' })).toHaveTextContent('1000 Checking');
  });
});
