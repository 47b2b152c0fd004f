import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';
import { keyPath } from '@/lib/api-keys';
import { reportFileName, saveTextAsFile } from '../lib/file';
import type { ImportInspectionDto, ImportReportDto, ImportRunDto, ImportSummaryDto } from '../lib/types';
import { IMPORT_MAPPINGS_PATH } from './import-mappings';

/** The imports: the history (GET), and a new import (POST). */
export const IMPORTS_PATH = '/api/admin/imports';

/** The file as every import call sends it: its kind, name and bytes in base64. */
export type ImportFileBody = components['schemas']['ImportFileRequest'];
/** A dry run's (and its report's) body: the file and which column each field is read from. */
export type ImportCheckBody = components['schemas']['ImportCheckRequest'];
/** POST /api/admin/imports: the checked file, whether rows with errors are left out, and a name to save the mapping under. */
export type RunImportBody = components['schemas']['ImportRunRequest'];

/** POST /api/admin/imports/inspect: the file's columns, its first rows, the kind's fields and the columns suggested for them. */
export function inspectImportFile(body: ImportFileBody): Promise<ImportInspectionDto> {
  return api.post<ImportInspectionDto>(`${IMPORTS_PATH}/inspect`, body);
}

/** POST /api/admin/imports/dry-run: what importing would write, and every row's problems; nothing is written. */
export function dryRunImport(body: ImportCheckBody): Promise<ImportReportDto> {
  return api.post<ImportReportDto>(`${IMPORTS_PATH}/dry-run`, body);
}

/**
 * POST /api/admin/imports/report.csv: the dry run's problems of every row as CSV, saved as
 * "<file name without its extension>-report.csv". A POST (the file is its body), so not
 * `downloadFile`'s GET: the text comes back through the same client and is saved from here.
 */
export async function downloadImportReport(body: ImportCheckBody): Promise<string> {
  const text = await api.post<string | undefined>(`${IMPORTS_PATH}/report.csv`, body, { headers: { Accept: 'text/csv' } });
  const name = reportFileName(body.fileName);
  saveTextAsFile(typeof text === 'string' ? text : '', name);
  return name;
}

/** GET /api/admin/imports: every import, newest first. */
export function useImports() {
  const { data, error, isLoading, mutate } = useSWR<ImportSummaryDto[]>(IMPORTS_PATH);
  return { imports: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

// What an import writes or its undo removes shows in other features' reads, refreshed here by their
// paths: the members directory and a member's gifts, the ledger and its totals, the year-end
// statements, the funds' progress and the signed-in member's own household and gifts.
const WRITTEN_PATHS = ['/api/admin/members', '/api/admin/payments', '/api/admin/statements', '/api/funds', '/api/household', '/api/payments/mine'];

function isWrittenKey(key: unknown): boolean {
  const path = keyPath(key);
  return path !== undefined && WRITTEN_PATHS.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`));
}

/** Imports the checked file, then reloads the history, the saved mappings (when one was saved) and what the import wrote. */
export function useRunImport() {
  const { mutate } = useSWRConfig();
  return async (body: RunImportBody): Promise<ImportRunDto> => {
    const run = await api.post<ImportRunDto>(IMPORTS_PATH, body);
    await Promise.all([mutate(IMPORTS_PATH), body.saveMappingAs ? mutate(IMPORT_MAPPINGS_PATH) : null, mutate(isWrittenKey)]);
    return run;
  };
}

/** POST /api/admin/imports/{id}/undo: removes what the import wrote, then reloads the history and those reads. */
export function useUndoImport() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<ImportSummaryDto> => {
    const undone = await api.post<ImportSummaryDto>(`${IMPORTS_PATH}/${encodeURIComponent(id)}/undo`);
    await Promise.all([mutate(IMPORTS_PATH), mutate(isWrittenKey)]);
    return undone;
  };
}
