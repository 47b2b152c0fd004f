import useSWR from 'swr';
import { downloadFile } from '@/lib/api-client';
import type { AuditKind, StaffAuditPage } from '@/types/api';

export type AuditFilters = {
  /** An account's id; '' for anyone. */
  actor: string;
  kind: AuditKind | '';
  /** YYYY-MM-DD, a day of the temple's time zone (inclusive); '' for no limit. */
  from: string;
  /** YYYY-MM-DD (inclusive); '' for no limit. */
  to: string;
};

export const emptyAuditFilters: AuditFilters = { actor: '', kind: '', from: '', to: '' };

export const AUDIT_PATH = '/api/admin/audit';
export const AUDIT_CSV_PATH = '/api/admin/audit.csv';

/** The filters that are set, as a query. */
function auditQuery(filters: AuditFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (filters.actor) q.set('actor', filters.actor);
  if (filters.kind) q.set('kind', filters.kind);
  if (filters.from) q.set('from', filters.from);
  if (filters.to) q.set('to', filters.to);
  return q;
}

/** The URL of one page (1-based) of the log for these filters. */
export function auditKey(filters: AuditFilters, page: number, pageSize: number): string {
  const q = auditQuery(filters);
  q.set('page', String(page));
  q.set('pageSize', String(pageSize));
  return `${AUDIT_PATH}?${q.toString()}`;
}

/** The CSV export of every entry the filters match (no paging). */
export function auditCsvPath(filters: AuditFilters): string {
  const s = auditQuery(filters).toString();
  return s ? `${AUDIT_CSV_PATH}?${s}` : AUDIT_CSV_PATH;
}

/** GET /api/admin/audit: one page of the log, newest first. */
export function useAuditLog(filters: AuditFilters, page: number, pageSize: number) {
  const { data, error, isLoading, isValidating, mutate } = useSWR<StaffAuditPage>(auditKey(filters, page, pageSize), {
    keepPreviousData: true,
  });
  return { log: data, error: error as Error | undefined, isLoading, isValidating, refresh: () => mutate() };
}

/** GET /api/admin/audit.csv with the bearer token, saved as a file (the download is itself recorded). */
export function downloadAuditCsv(filters: AuditFilters): Promise<string> {
  return downloadFile(auditCsvPath(filters), 'audit-log.csv');
}
