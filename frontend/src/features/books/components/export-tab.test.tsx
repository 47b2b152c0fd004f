import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import * as client from '@/lib/api-client';
import { makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, userEvent, waitFor, within } from '@/testing/test-utils';
import type { AccountingExport, AccountingPreview } from '../api/books';
import { ExportTab } from './export-tab';

const earlier: AccountingExport = {
  id: 'x1',
  from: '2026-11-01',
  to: '2026-11-30',
  format: 'iif',
  entries: 12,
  total: '1520.00',
  createdAt: '2026-12-02T18:00:00Z',
  createdByName: 'treasurer@temple.test',
};

function serve({ exported }: { exported: boolean }) {
  const posted: unknown[] = [];
  const preview: AccountingPreview = {
    from: '2026-11-01',
    to: '2026-11-30',
    entries: 3,
    gifts: 2,
    refunds: 1,
    payouts: 0,
    total: '561.00',
    unmapped: ["Fund 'Gopuram' has no account: its lines go to 4000 Contributions"],
    earlier: exported ? [earlier] : [],
  };
  server.use(
    http.get('/api/admin/accounting/preview', () => HttpResponse.json(preview)),
    http.get('/api/admin/accounting/exports', () => HttpResponse.json(exported ? [earlier] : [])),
    http.post('/api/admin/accounting/exports', async ({ request }) => {
      const body = (await request.json()) as { again: boolean };
      posted.push(body);
      if (exported && !body.again) {
        return HttpResponse.json({ message: '2026-11-01 to 2026-11-30 was exported on 2026-12-02 by treasurer@temple.test (QuickBooks Desktop (IIF)): export it again?' }, { status: 409 });
      }
      return HttpResponse.json({ ...earlier, id: 'x2', format: 'qbo_csv' }, { status: 201 });
    }),
  );
  return posted;
}

const treasurer = makeStaff(['treasurer']);

describe('the export tab', () => {
  it('shows what last month holds and says when nothing was exported yet', async () => {
    serve({ exported: false });
    renderWithProviders(<ExportTab today="2026-12-04" />, { as: treasurer });
    expect(await screen.findByLabelText(/From/)).toHaveValue('2026-11-01');
    expect(screen.getByLabelText(/To/)).toHaveValue('2026-11-30');
    expect(await screen.findByText(/3 entries \(2 gifts, 1 refund\) · \$561\.00/)).toBeInTheDocument();
    expect(screen.getByText(/Fund 'Gopuram' has no account/)).toBeInTheDocument();
    expect(await screen.findByText('No exports yet.')).toBeInTheDocument();
  });

  it('warns of an earlier export and exports again only when asked, then downloads the file', async () => {
    const download = vi.spyOn(client, 'downloadFile').mockResolvedValue('mandir-qbo-2026-11-01-to-2026-11-30.csv');
    const posted = serve({ exported: true });
    renderWithProviders(<ExportTab today="2026-12-04" />, { as: treasurer });
    expect(await screen.findByText(/This period overlaps an earlier export/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Export this period again?' });
    expect(dialog).toHaveTextContent('was exported on 2026-12-02 by treasurer@temple.test');
    expect(download).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Export again' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith('/api/admin/accounting/exports/x2/file', 'mandir-qbo-2026-11-01-to-2026-11-30.csv'));
    expect(posted).toEqual([
      { from: '2026-11-01', to: '2026-11-30', format: 'qbo_csv', again: false },
      { from: '2026-11-01', to: '2026-11-30', format: 'qbo_csv', again: true },
    ]);
    download.mockRestore();
  });

  it('lists the past exports, each downloadable', async () => {
    const download = vi.spyOn(client, 'downloadFile').mockResolvedValue('mandir-2026-11-01-to-2026-11-30.iif');
    serve({ exported: true });
    const { user } = renderWithProviders(<ExportTab today="2026-12-04" />, { as: treasurer });
    const table = await screen.findByRole('table', { name: 'Past exports' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Period', 'Format', 'Entries', 'Total', 'Exported', 'File']);
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('QuickBooks Desktop (IIF)');
    expect(row).toHaveTextContent('$1,520.00');
    expect(row).toHaveTextContent('treasurer@temple.test');
    await user.click(within(row).getByRole('button', { name: /^Download the export of .* \(QuickBooks Desktop \(IIF\)\)$/ }));
    expect(download).toHaveBeenCalledWith('/api/admin/accounting/exports/x1/file', 'mandir-2026-11-01-to-2026-11-30.iif');
    download.mockRestore();
  });

  it('shows the server’s reasons on the fields it names', async () => {
    serve({ exported: false });
    server.use(
      http.post('/api/admin/accounting/exports', () =>
        HttpResponse.json({ message: 'Check the period', errors: { to: 'The period is at most 366 days' } }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<ExportTab today="2026-12-04" />, { as: treasurer });
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(screen.getByLabelText(/To/)).toHaveAccessibleDescription('The period is at most 366 days'));
    expect(screen.getByLabelText(/To/)).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Check the period')).toBeInTheDocument();
  });
});
