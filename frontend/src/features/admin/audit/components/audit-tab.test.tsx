import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { fireEvent, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { StaffAuditEntry, StaffAuditPage } from '@/types/api';
import { auditCsvPath, auditKey, emptyAuditFilters } from '../api/audit';
import { AuditTab } from './audit-tab';

const admin = makeStaff(['admin']);

function entry(overrides: Partial<StaffAuditEntry>): StaffAuditEntry {
  return {
    id: 'a-1',
    at: '2026-03-14T17:05:00Z',
    actorId: 'u-1',
    actorEmail: 'ravi@example.org',
    address: '10.0.0.7',
    kind: 'money',
    action: 'payment.refund',
    targetKind: 'payment',
    targetId: 'p-9',
    summary: 'Refunded $25.00 of AUTO-1',
    changes: [
      { field: 'status', before: 'completed', after: 'refunded' },
      { field: 'refundedAmount', before: null, after: 25 },
    ],
    ...overrides,
  };
}

const page = (items: StaffAuditEntry[], total = items.length): StaffAuditPage => ({ items, total, page: 1, pageSize: 25 });

describe('audit keys', () => {
  it('puts the filters set in the page and CSV URLs', () => {
    const filters = { actor: 'u-1', kind: 'money' as const, from: '2026-03-01', to: '2026-03-31' };
    const q = new URL(auditKey(filters, 2, 50), 'http://x').searchParams;
    expect([q.get('actor'), q.get('kind'), q.get('from'), q.get('to'), q.get('page'), q.get('pageSize')]).toEqual(['u-1', 'money', '2026-03-01', '2026-03-31', '2', '50']);
    expect(auditCsvPath(filters)).toBe('/api/admin/audit.csv?actor=u-1&kind=money&from=2026-03-01&to=2026-03-31');
    expect(auditCsvPath(emptyAuditFilters)).toBe('/api/admin/audit.csv');
  });
});

describe('AuditTab', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the entries in the temple’s time, shows the changes and filters on the server', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/admin/staff', () =>
        HttpResponse.json([{ id: 'u-1', firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.org', roles: ['treasurer'], emailVerified: true, priest: null }]),
      ),
      http.get('/api/admin/audit', ({ request }) => {
        const q = new URL(request.url).searchParams;
        queries.push(q);
        if (q.get('kind') === 'events') return HttpResponse.json(page([]));
        return HttpResponse.json(page([entry({}), entry({ id: 'a-2', kind: 'roles', action: 'roles.change', summary: 'Gave Sita the editor role', changes: [] })], 40));
      }),
    );
    const { user } = renderWithProviders(<AuditTab />, { as: admin });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = within(table).getByRole('row', { name: /Refunded \$25\.00/ });
    // 17:05 UTC is 10:05 AM in Folsom (PDT).
    expect(within(row).getByText('Mar 14, 2026 10:05 AM')).toBeInTheDocument();
    expect(within(row).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(row).getByText('Money')).toBeInTheDocument();
    expect(screen.getByText('40 entries')).toBeInTheDocument();
    expect(queries[0].get('page')).toBe('1');
    expect(queries[0].get('actor')).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Details: Refunded $25.00 of AUTO-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refunded $25.00 of AUTO-1' });
    const changes = within(dialog).getByRole('table', { name: 'Changes' });
    expect(within(changes).getByRole('row', { name: 'status completed refunded' })).toBeInTheDocument();
    expect(within(changes).getByRole('row', { name: 'refundedAmount (none) 25' })).toBeInTheDocument();
    expect(within(dialog).getByText('payment p-9')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    await user.click(await screen.findByRole('option', { name: 'Ravi Kumar' }));
    await waitFor(() => expect(queries.at(-1)?.get('actor')).toBe('u-1'));
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Events' }));
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    expect(queries.at(-1)?.get('kind')).toBe('events');
    expect(queries.at(-1)?.get('actor')).toBe('u-1');
  });

  it('downloads the CSV of the filters with the bearer token', async () => {
    let csvRequest: { url: string; auth: string | null } | null = null;
    server.use(
      http.get('/api/admin/audit', () => HttpResponse.json(page([entry({})]))),
      http.get('/api/admin/audit.csv', ({ request }) => {
        csvRequest = { url: request.url, auth: request.headers.get('authorization') };
        return new HttpResponse('When,Who\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="audit-log.csv"' } });
      }),
    );
    const createObjectURL = vi.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(<AuditTab />, { as: admin });
    await screen.findByRole('table', { name: 'Audit log' });
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Money' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const sent = new URL(csvRequest!.url);
    expect(sent.pathname).toBe('/api/admin/audit.csv');
    expect(Object.fromEntries(sent.searchParams)).toEqual({ kind: 'money', from: '2026-03-01' });
    expect(csvRequest!.auth).toBe('Bearer test-token');
    expect(createObjectURL).toHaveBeenCalled();
  });
});
