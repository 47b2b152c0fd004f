import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { ImportSummaryDto } from '../lib/types';
import { makeImporter, makeSummary } from '../test-data';
import { ImportHistory } from './import-history';

const done = makeSummary({ id: 'imp-2', fileName: 'giving-2019.xlsx', kind: 'gifts', rows: 1200, created: 1188, unchanged: 12, skipped: 0, total: '45210.50' });
const undone = makeSummary({ id: 'imp-1', undoneAt: '2026-03-15T18:00:00Z', undoneBy: 'ravi@example.org' });
const running = makeSummary({ id: 'imp-3', fileName: 'families.csv', running: true });

function serve(history: ImportSummaryDto[]) {
  const undos: string[] = [];
  server.use(
    http.get('/api/admin/imports', () => HttpResponse.json(history)),
    http.post('/api/admin/imports/:id/undo', ({ params }) => {
      undos.push(String(params.id));
      return HttpResponse.json({ message: 'This import cannot be undone: 3 imported accounts have been used since' }, { status: 409 });
    }),
  );
  return undos;
}

describe('past imports', () => {
  it('says when there are none', async () => {
    serve([]);
    renderWithProviders(<ImportHistory />, { as: makeImporter() });
    expect(await screen.findByText('No imports yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists each import with what it wrote and its status; only a finished one not undone can be undone', async () => {
    serve([running, done, undone]);
    renderWithProviders(<ImportHistory />, { as: makeImporter() });
    const table = await screen.findByRole('table', { name: 'Past imports' });
    const [, runningRow, doneRow, undoneRow] = within(table).getAllByRole('row');
    expect(within(runningRow).getByText('Running')).toBeInTheDocument();
    expect(within(runningRow).queryByRole('button')).not.toBeInTheDocument();
    expect(doneRow).toHaveTextContent('Mar 14, 202610:05 AMGiftsgiving-2019.xlsx1,2001,188120admin@temple.testDone');
    expect(within(doneRow).getByRole('button', { name: 'Undo the import of giving-2019.xlsx on Mar 14, 2026 10:05 AM' })).toBeInTheDocument();
    expect(within(undoneRow).getByText('Undone on Mar 15, 2026 by ravi@example.org')).toBeInTheDocument();
    expect(within(undoneRow).queryByRole('button')).not.toBeInTheDocument();
  });

  it("asks before undoing, and shows the server's refusal in the dialog", async () => {
    const undos = serve([done]);
    const { user } = renderWithProviders(<ImportHistory />, { as: makeImporter() });
    await user.click(await screen.findByRole('button', { name: /^Undo the import of giving-2019\.xlsx/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Undo this import?' });
    expect(dialog).toHaveTextContent('Everything it wrote is removed: 1,188 gifts totalling $45,210.50, imported from giving-2019.xlsx on Mar 14, 2026.');
    await user.click(within(dialog).getByRole('button', { name: 'Undo the import' }));
    expect(await within(dialog).findByText('This import cannot be undone: 3 imported accounts have been used since')).toBeInTheDocument();
    expect(undos).toEqual(['imp-2']);
    // Still open, to read; Cancel closes it.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('undoes an import and shows it undone', async () => {
    let history = [done];
    server.use(
      http.get('/api/admin/imports', () => HttpResponse.json(history)),
      http.post('/api/admin/imports/:id/undo', () => {
        const after = { ...done, undoneAt: '2026-03-16T18:00:00Z', undoneBy: 'admin@temple.test' };
        history = [after];
        return HttpResponse.json(after);
      }),
    );
    const { user } = renderWithProviders(<ImportHistory />, { as: makeImporter() });
    await user.click(await screen.findByRole('button', { name: /^Undo the import of giving-2019\.xlsx/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Undo the import' }));
    expect(await screen.findByText('Undone on Mar 16, 2026 by admin@temple.test')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
