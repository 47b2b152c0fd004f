import useSWR, { useSWRConfig } from 'swr';
import { api, downloadFile } from '@/lib/api-client';
import type { components } from '@/types/api.gen';

export type LedgerAccount = components['schemas']['LedgerAccountDto'];
export type AccountMappings = components['schemas']['AccountMappingsDto'];
export type AccountMapping = components['schemas']['AccountMappingDto'];
export type AccountingExport = components['schemas']['AccountingExportDto'];
export type AccountingPreview = components['schemas']['AccountingPreviewDto'];
export type ExportFormat = AccountingExport['format'];
export type AccountKind = LedgerAccount['kind'];

export const ACCOUNTS_PATH = '/api/admin/accounting/accounts';
export const MAPPINGS_PATH = '/api/admin/accounting/mappings';
export const EXPORTS_PATH = '/api/admin/accounting/exports';
const PREVIEW_PATH = '/api/admin/accounting/preview';

export const previewPath = (from: string, to: string) => `${PREVIEW_PATH}?from=${from}&to=${to}`;
const isPreview = (key: unknown) => typeof key === 'string' && key.startsWith(PREVIEW_PATH);

/** GET /api/admin/accounting/accounts: the chart, by code. */
export function useAccounts() {
  const { data, error, isLoading, mutate } = useSWR<LedgerAccount[]>(ACCOUNTS_PATH);
  return { accounts: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** GET /api/admin/accounting/mappings: every subject and its account. */
export function useMappings() {
  const { data, error, isLoading, mutate } = useSWR<AccountMappings>(MAPPINGS_PATH);
  return { mappings: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** GET /api/admin/accounting/preview: what exporting the period would write (null key: dates not valid yet). */
export function usePreview(from: string | null, to: string | null) {
  const key = from && to ? previewPath(from, to) : null;
  const { data, error, isLoading, mutate } = useSWR<AccountingPreview>(key, { keepPreviousData: true });
  return { preview: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** GET /api/admin/accounting/exports: newest first. */
export function useExports() {
  const { data, error, isLoading, mutate } = useSWR<AccountingExport[]>(EXPORTS_PATH);
  return { exports: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

// The tabs are shown one at a time and a read is not repeated when a tab is shown again
// (`revalidateIfStale: false`): what a change makes stale on another tab is dropped from the cache,
// so that tab reads it again, and read again at once where it is on screen.
const drop = { revalidate: true } as const;

/** Account changes show in the mappings and the previews too: all of them are read again. */
export function useSaveAccount() {
  const { mutate } = useSWRConfig();
  return async (id: string | null, body: Partial<Pick<LedgerAccount, 'code' | 'name' | 'kind' | 'isActive'>>) => {
    const saved = id ? await api.patch<LedgerAccount>(`${ACCOUNTS_PATH}/${id}`, body) : await api.post<LedgerAccount>(ACCOUNTS_PATH, body);
    await Promise.all([mutate(ACCOUNTS_PATH), mutate(MAPPINGS_PATH, undefined, drop), mutate(isPreview, undefined, drop)]);
    return saved;
  };
}

/** PUT /api/admin/accounting/mappings: answers every row, kept as the mappings' data. */
export function useSetMapping() {
  const { mutate } = useSWRConfig();
  return async (subject: AccountMapping['subject'], subjectId: string, accountId: string | null) => {
    const rows = await api.put<AccountMappings>(MAPPINGS_PATH, { subject, subjectId, accountId });
    await Promise.all([mutate(MAPPINGS_PATH, rows, { revalidate: false }), mutate(isPreview, undefined, drop)]);
    return rows;
  };
}

/** The file's name when the server sends none. */
export function exportFileName(e: Pick<AccountingExport, 'from' | 'to' | 'format'>): string {
  if (e.format === 'iif') return `mandir-${e.from}-to-${e.to}.iif`;
  return e.format === 'qbo_csv' ? `mandir-qbo-${e.from}-to-${e.to}.csv` : `mandir-gl-${e.from}-to-${e.to}.csv`;
}

/** Saves an export's file. */
export function downloadExport(e: AccountingExport): Promise<string> {
  return downloadFile(`${EXPORTS_PATH}/${e.id}/file`, exportFileName(e));
}

/** POST /api/admin/accounting/exports, then the list and previews are read again. */
export function useCreateExport() {
  const { mutate } = useSWRConfig();
  return async (body: { from: string; to: string; format: ExportFormat; again: boolean }) => {
    const created = await api.post<AccountingExport>(EXPORTS_PATH, body);
    await Promise.all([mutate(EXPORTS_PATH), mutate(isPreview)]);
    return created;
  };
}

export const FORMAT_LABELS: Record<ExportFormat, string> = {
  iif: 'QuickBooks Desktop (IIF)',
  qbo_csv: 'QuickBooks Online (CSV)',
  gl_csv: 'General ledger (CSV)',
};

export const KIND_LABELS: Record<AccountKind, string> = {
  asset: 'Asset',
  liability: 'Liability',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expense',
};

export type Payout = components['schemas']['PayoutDto'];
export type PayoutList = components['schemas']['PayoutListDto'];
export type PayoutDetail = components['schemas']['PayoutDetailDto'];
export type PayoutLine = components['schemas']['PayoutLineDto'];
export type Reconciled = components['schemas']['ReconciledPayoutsDto'];

const PAYOUTS_PATH = '/api/admin/payouts';
export const payoutsPath = (from: string, to: string) => `${PAYOUTS_PATH}?from=${from}&to=${to}`;
const isPayouts = (key: unknown) => typeof key === 'string' && key.startsWith(PAYOUTS_PATH);

/** GET /api/admin/payouts: the period's payouts, newest first (null key: dates not valid yet). */
export function usePayouts(from: string | null, to: string | null) {
  const key = from && to ? payoutsPath(from, to) : null;
  const { data, error, isLoading, mutate } = useSWR<PayoutList>(key, { keepPreviousData: true });
  return { list: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** GET /api/admin/payouts/{id}: a payout with its lines (null: none open). */
export function usePayout(id: string | null) {
  const { data, error, isLoading, mutate } = useSWR<PayoutDetail>(id ? `${PAYOUTS_PATH}/${encodeURIComponent(id)}` : null);
  return { detail: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** POST /api/admin/payouts/reconcile, then every list of payouts is read again. */
export function useReconcile() {
  const { mutate } = useSWRConfig();
  return async () => {
    const done = await api.post<Reconciled>(`${PAYOUTS_PATH}/reconcile`, {});
    await mutate(isPayouts);
    return done;
  };
}
