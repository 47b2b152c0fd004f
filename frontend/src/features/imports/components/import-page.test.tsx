import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { ImportMappingDto, ImportRunDto, ImportSummaryDto } from '../lib/types';
import { makeImporter, makeInspection, makeMapping, makeReport, makeSummary } from '../test-data';
import { ImportPage } from './import-page';

const CSV = 'First,Last,E-mail,Phone,Spouse\nRavi,Kumar,ravi@example.org,9165550101,Sita\n';
const csvFile = () => new File([CSV], 'members.csv', { type: 'text/csv' });

type Sent = Record<string, unknown>;

/** The import endpoints: what each POST was sent, and a history that gains the import once made. */
function serve({ mappings = [] as ImportMappingDto[], dryRun = () => HttpResponse.json(makeReport()) } = {}) {
  const sent: Record<'inspect' | 'dryRun' | 'run' | 'report' | 'saveMapping', Sent[]> = { inspect: [], dryRun: [], run: [], report: [], saveMapping: [] };
  let history: ImportSummaryDto[] = [];
  server.use(
    http.get('/api/admin/imports', () => HttpResponse.json(history)),
    http.get('/api/admin/import-mappings', () => HttpResponse.json(mappings)),
    http.post('/api/admin/imports/inspect', async ({ request }) => {
      sent.inspect.push((await request.json()) as Sent);
      return HttpResponse.json(makeInspection());
    }),
    http.post('/api/admin/imports/dry-run', async ({ request }) => {
      sent.dryRun.push((await request.json()) as Sent);
      return dryRun();
    }),
    http.post('/api/admin/imports/report.csv', async ({ request }) => {
      sent.report.push((await request.json()) as Sent);
      return new HttpResponse('line,field,value,message\n4,firstName,,A first name is required\n', { headers: { 'content-type': 'text/csv' } });
    }),
    http.post('/api/admin/imports', async ({ request }) => {
      const body = (await request.json()) as Sent;
      sent.run.push(body);
      const summary = makeSummary({ created: 2, unchanged: 0, skipped: 1 });
      history = [summary];
      const run: ImportRunDto = { import: summary, report: makeReport() };
      return HttpResponse.json(run, { status: 201 });
    }),
    http.put('/api/admin/import-mappings', async ({ request }) => {
      const body = (await request.json()) as Sent;
      sent.saveMapping.push(body);
      return HttpResponse.json(makeMapping({ id: 'map-9', name: String(body.name), mapping: body.mapping as Record<string, string> }));
    }),
  );
  return sent;
}

const select = (name: string) => screen.getByRole('combobox', { name });

async function chooseFile(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.upload(await screen.findByLabelText('File to import'), csvFile());
  return screen.findByRole('region', { name: '2. Match the columns' });
}

describe('the import page', () => {
  it('reads the file, prefills the columns, checks it, and imports only the rows without errors', async () => {
    const sent = serve();
    const { user } = renderWithProviders(<ImportPage />, { as: makeImporter() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Import members or gifts' })).toBeInTheDocument();
    expect(await screen.findByText('No imports yet.')).toBeInTheDocument();

    const mapping = await chooseFile(user);
    expect(within(screen.getByRole('region', { name: '1. Choose the file' })).getByRole('status')).toHaveTextContent('members.csv · 3 rows');
    expect(sent.inspect).toEqual([{ kind: 'members', fileName: 'members.csv', content: btoa(CSV) }]);
    // The server's suggestion, and the fields without one not imported.
    expect(within(mapping).getByRole('combobox', { name: /^First name/ })).toHaveValue('First');
    expect(within(mapping).getByRole('combobox', { name: /^E-mail/ })).toHaveValue('E-mail');
    expect(within(mapping).getByRole('combobox', { name: 'Phone' })).toHaveValue('');
    expect(within(mapping).getByRole('combobox', { name: /^First name/ })).toBeRequired();
    expect(within(mapping).getByRole('combobox', { name: /^First name/ })).toHaveAccessibleDescription("The member's given name.");
    // The first rows under the file's headers.
    const preview = within(mapping).getByRole('table', { name: 'The first rows of the file' });
    expect(within(preview).getByRole('columnheader', { name: 'Spouse' })).toBeInTheDocument();
    expect(within(preview).getByRole('cell', { name: 'anand@example' })).toBeInTheDocument();

    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(
      await screen.findByText('1 new account, 1 family member, 1 household, 0 already imported or existing, 1 row with errors.'),
    ).toBeInTheDocument();
    expect(sent.dryRun).toEqual([
      { kind: 'members', fileName: 'members.csv', content: btoa(CSV), mapping: { firstName: 'First', lastName: 'Last', email: 'E-mail' } },
    ]);
    const problems = screen.getByRole('table', { name: 'Problems found' });
    const [warning, error] = within(problems).getAllByRole('row').slice(1);
    expect(within(warning).getByText('Warning')).toBeInTheDocument();
    expect(warning).toHaveTextContent('3E-mailcolumn “E-mail”anand@exampleWarningNot an e-mail address: imported without one');
    expect(within(error).getByText('Error')).toBeInTheDocument();
    expect(error).toHaveTextContent('4First namecolumn “First”(empty)ErrorA first name is required');

    // A row in error keeps Import disabled until the rows with errors may be left out.
    expect(importButton).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Import only the rows without errors (1 row will be left out)' }));
    expect(importButton).toBeEnabled();
    await user.type(screen.getByRole('textbox', { name: 'Save this mapping as' }), 'Old church software');
    await user.click(importButton);
    expect(await screen.findByText('Imported 2 members: 1 account, 1 family member and 1 household. 1 row with errors left out.')).toBeInTheDocument();
    expect(sent.run).toEqual([
      {
        kind: 'members',
        fileName: 'members.csv',
        content: btoa(CSV),
        mapping: { firstName: 'First', lastName: 'Last', email: 'E-mail' },
        skipInvalid: true,
        saveMappingAs: 'Old church software',
      },
    ]);
    // The same file again would change nothing: Import stays off, and the history shows the import.
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    const history = await screen.findByRole('table', { name: 'Past imports' });
    expect(within(history).getByRole('cell', { name: 'members.csv' })).toBeInTheDocument();
  });

  it('asks for a new check when a column changes after one', async () => {
    serve({ dryRun: () => HttpResponse.json(makeReport({ failed: 0, issues: [] })) });
    const { user } = renderWithProviders(<ImportPage />, { as: makeImporter() });
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await screen.findByText(/0 rows with errors/);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();

    await user.selectOptions(select('Phone'), 'Phone');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.getByText('The file or the columns changed since this check: check the file again before importing.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check the file again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled());
  });

  it("shows the server's message for a field under that field's column", async () => {
    serve({
      dryRun: () =>
        HttpResponse.json(
          { message: 'Some fields need a column', errors: { 'mapping.firstName': 'Choose the column that holds this field' } },
          { status: 400 },
        ),
    });
    const { user } = renderWithProviders(<ImportPage />, { as: makeImporter() });
    await chooseFile(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /^First name/ }), '');
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText('Some fields need a column')).toBeInTheDocument();
    const firstName = screen.getByRole('combobox', { name: /^First name/ });
    expect(firstName).toHaveAccessibleDescription('Choose the column that holds this field');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    // Choosing a column clears its message.
    await user.selectOptions(firstName, 'First');
    expect(firstName).toHaveAccessibleDescription("The member's given name.");
  });

  it('applies a saved mapping, leaving unmapped the columns the file lacks, and saves one at once', async () => {
    const sent = serve({ mappings: [makeMapping(), makeMapping({ id: 'map-2', kind: 'gifts', name: 'Gifts from the old system' })] });
    const { user } = renderWithProviders(<ImportPage />, { as: makeImporter() });
    await chooseFile(user);
    const saved = await screen.findByRole('combobox', { name: 'Saved mappings' });
    // Only the members' mappings.
    expect(within(saved).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a saved mapping', 'Old church software']);
    await user.selectOptions(saved, 'map-1');
    expect(select('Phone')).toHaveValue('Phone');
    expect(screen.getByRole('combobox', { name: /^E-mail/ })).toHaveValue('');
    expect(saved).toHaveAccessibleDescription('Not in this file, left unmapped: Email address');

    await user.type(screen.getByRole('textbox', { name: 'Save this mapping as' }), 'Spring drive');
    await user.click(screen.getByRole('button', { name: 'Save the mapping now' }));
    await waitFor(() =>
      expect(sent.saveMapping).toEqual([{ kind: 'members', name: 'Spring drive', mapping: { firstName: 'First', lastName: 'Last', phone: 'Phone' } }]),
    );
  });

  it('downloads the report of the check as <file>-report.csv', async () => {
    const sent = serve();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = renderWithProviders(<ImportPage />, { as: makeImporter() });
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await user.click(await screen.findByRole('button', { name: 'Download the report (CSV)' }));
    await waitFor(() => expect(names).toEqual(['members-report.csv']));
    expect(sent.report).toEqual([sent.dryRun[0]]);
    click.mockRestore();
  });

  it('lists the first 100 problems of many', async () => {
    const issues = Array.from({ length: 150 }, (_, i) => ({ line: i + 2, field: 'lastName', value: '', message: 'A last name is required', warning: false }));
    serve({ dryRun: () => HttpResponse.json(makeReport({ failed: 150, issues })) });
    const { user } = renderWithProviders(<ImportPage />, { as: makeImporter() });
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByText(/^Showing 100 of 150 problems\./)).toBeInTheDocument();
    // The header row and 100 problems.
    expect(within(screen.getByRole('table', { name: 'Problems found' })).getAllByRole('row')).toHaveLength(101);
    expect(screen.getByRole('checkbox', { name: 'Import only the rows without errors (150 rows will be left out)' })).not.toBeChecked();
  });

  it('refuses a file over 20 MB before sending it, and shows why the server could not read one', async () => {
    const sent = serve();
    server.use(http.post('/api/admin/imports/inspect', () => HttpResponse.json({ message: 'The file is neither CSV nor an Excel workbook' }, { status: 400 })));
    const { user } = renderWithProviders(<ImportPage />, { as: makeImporter() });
    const big = csvFile();
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(await screen.findByLabelText('File to import'), big);
    expect(await screen.findByText('The file is larger than 20 MB')).toBeInTheDocument();
    expect(sent.inspect).toEqual([]);

    await user.upload(screen.getByLabelText('File to import'), new File(['%PDF'], 'members.csv', { type: 'text/csv' }));
    expect(await screen.findByText('The file is neither CSV nor an Excel workbook')).toBeInTheDocument();
    expect(screen.queryByText('The file is larger than 20 MB')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '2. Match the columns' })).not.toBeInTheDocument();
  });

  it('reads the file again as gifts when the kind changes', async () => {
    const sent = serve();
    const { user } = renderWithProviders(<ImportPage />, { as: makeImporter() });
    await chooseFile(user);
    await user.click(screen.getByRole('radio', { name: 'Historical gifts' }));
    await waitFor(() => expect(sent.inspect.map((b) => b.kind)).toEqual(['members', 'gifts']));
  });
});
