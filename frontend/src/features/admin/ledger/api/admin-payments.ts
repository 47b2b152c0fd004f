import useSWR, { useSWRConfig } from 'swr';
import { api, downloadFile } from '@/lib/api-client';
import type {
  LedgerPage,
  Payment,
  PaymentAuditEntry,
  PaymentTotals,
  ReceiptEmail,
  SetPaymentStatusBody,
  StatementProgress,
} from '@/types/api';

/** What the admin can filter by: the document's closed sets (the server's `text_enum!`s). */
export type PaymentStatus = Payment['status'];
export type PaymentMethodKind = Payment['paymentMethod'];

export type PaymentFilters = {
  status: PaymentStatus | '';
  method: PaymentMethodKind | '';
  eventId: string;
  /** A donation type's id, or 'custom'. */
  purpose: string;
  /** yyyy-MM-dd (inclusive, the admin's local day) */
  from: string;
  /** yyyy-MM-dd (inclusive, the admin's local day) */
  to: string;
  /** Words of the donor's name or e-mail, or a receipt number. */
  q: string;
  /** Show expired card intents too (hidden by default). */
  includeExpired: boolean;
};

export const emptyFilters: PaymentFilters = {
  status: '',
  method: '',
  eventId: '',
  purpose: '',
  from: '',
  to: '',
  q: '',
  includeExpired: false,
};

export const ADMIN_PAYMENTS_PATH = '/api/admin/payments';
export const ADMIN_LEDGER_PATH = '/api/admin/payments/ledger';
export const ADMIN_LEDGER_CSV_PATH = '/api/admin/payments.csv';
export const ADMIN_PAYMENT_TOTALS_PATH = '/api/admin/payments/totals';

/** The filters as a query string; dates become the start and end of the chosen local days. */
export function filterQuery(filters: PaymentFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (filters.status) q.set('status', filters.status);
  if (filters.method) q.set('method', filters.method);
  if (filters.eventId) q.set('eventId', filters.eventId);
  if (filters.purpose) q.set('purpose', filters.purpose);
  if (filters.from) q.set('from', new Date(`${filters.from}T00:00:00`).toISOString());
  if (filters.to) q.set('to', new Date(`${filters.to}T23:59:59.999`).toISOString());
  if (filters.q.trim()) q.set('q', filters.q.trim());
  if (filters.includeExpired) q.set('includeExpired', 'true');
  return q;
}

/** The ledger URL of a page (1-based) for a set of filters. */
export function ledgerKey(filters: PaymentFilters, page: number, pageSize: number): string {
  const q = filterQuery(filters);
  q.set('page', String(page));
  q.set('pageSize', String(pageSize));
  return `${ADMIN_LEDGER_PATH}?${q.toString()}`;
}

/** The CSV export URL of exactly what the filters match. */
export function ledgerCsvPath(filters: PaymentFilters): string {
  const s = filterQuery(filters).toString();
  return s ? `${ADMIN_LEDGER_CSV_PATH}?${s}` : ADMIN_LEDGER_CSV_PATH;
}

/** A sandbox (simulated) payment: no money moved. */
export function isTestPayment(p: Payment): boolean {
  return p.isTest;
}

/** GET /api/admin/payments/ledger: one page, newest first, with the totals of every match. */
export function useLedger(filters: PaymentFilters, page: number, pageSize: number) {
  const key = ledgerKey(filters, page, pageSize);
  const { data, error, isLoading, isValidating, mutate } = useSWR<LedgerPage>(key, { keepPreviousData: true });
  return { ledger: data, error: error as Error | undefined, isLoading, isValidating, refresh: () => mutate(), key };
}

/** Saves the CSV of what the filters match. */
export function downloadLedgerCsv(filters: PaymentFilters): Promise<string> {
  return downloadFile(ledgerCsvPath(filters), 'payments.csv');
}

/** GET /api/admin/payments/totals */
export function usePaymentTotals() {
  const { data, error, isLoading, mutate } = useSWR<PaymentTotals>(ADMIN_PAYMENT_TOTALS_PATH);
  return { totals: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** GET /api/admin/payments/{id}/audit (oldest first); null key: nothing to load. */
export function usePaymentAudit(id: string | null) {
  const { data, error, isLoading } = useSWR<PaymentAuditEntry[]>(id ? `${ADMIN_PAYMENTS_PATH}/${id}/audit` : null);
  return { trail: data, error: error as Error | undefined, isLoading };
}

/** What an admin may set: a pending Zelle payment received or failed, or a failed one reopened. */
export type AdminStatus = SetPaymentStatusBody['status'];

/** POST /api/admin/payments/{id}/status, with an optional note for the audit trail. */
export function setPaymentStatus(id: string, status: AdminStatus, note?: string): Promise<Payment> {
  return api.post<Payment>(`${ADMIN_PAYMENTS_PATH}/${id}/status`, { status, note: note?.trim() || undefined });
}

/** Sets a payment's status, then reloads the ledger pages, the audit trails and the totals. */
export function useSetPaymentStatus() {
  const { mutate } = useSWRConfig();
  return async (id: string, status: AdminStatus, note?: string): Promise<Payment> => {
    const payment = await setPaymentStatus(id, status, note);
    // Every cached page and trail is dropped (pages of other filters too, which may hold the
    // payment under its old status) and the ones on screen are read again.
    await mutate((key) => typeof key === 'string' && key.startsWith(ADMIN_PAYMENTS_PATH), undefined, { revalidate: true });
    return payment;
  };
}

/** GET /api/admin/payments/{id}/receipts: each receipt e-mail of a payment, oldest first; null key: nothing to load. */
export function useReceiptEmails(id: string | null) {
  const { data, error, isLoading } = useSWR<ReceiptEmail[]>(id ? `${ADMIN_PAYMENTS_PATH}/${id}/receipts` : null);
  return { emails: data, error: error as Error | undefined, isLoading };
}

/** POST /api/admin/payments/{id}/receipt: sends a completed payment's receipt again, then reloads its list. */
export function useResendReceipt() {
  const { mutate } = useSWRConfig();
  return async (id: string): Promise<ReceiptEmail> => {
    const sent = await api.post<ReceiptEmail>(`${ADMIN_PAYMENTS_PATH}/${id}/receipt`, {});
    await mutate(`${ADMIN_PAYMENTS_PATH}/${id}/receipts`);
    return sent;
  };
}

/** POST /api/admin/payments/{id}/refund: refunds part or all of a completed card payment, then reloads the ledger. */
export function useRefundPayment() {
  const { mutate } = useSWRConfig();
  return async (id: string, amount: string, note?: string): Promise<Payment> => {
    const payment = await api.post<Payment>(`${ADMIN_PAYMENTS_PATH}/${id}/refund`, { amount, note: note?.trim() || undefined });
    await mutate((key) => typeof key === 'string' && key.startsWith(ADMIN_PAYMENTS_PATH), undefined, { revalidate: true });
    return payment;
  };
}

/** GET /api/admin/statements/{year}: how far a year's statements are; re-read every 2 s while some remain. */
export function useStatementProgress(year: number) {
  const { data, error, isLoading, mutate } = useSWR<StatementProgress>(`/api/admin/statements/${year}`, {
    refreshInterval: (latest) => (latest && latest.remaining > 0 ? 2000 : 0),
  });
  return { progress: data, error: error as Error | undefined, isLoading, mutate };
}

/** Saves every donor's statement of a year, one after another in one PDF, to print and mail. */
export function downloadStatementsPdf(year: number): Promise<string> {
  return downloadFile(`/api/admin/statements/${year}/pdf`, `giving-statements-${year}.pdf`);
}

/** POST /api/admin/statements/{year}: lists the year's donors and starts sending. */
export function sendStatements(year: number): Promise<StatementProgress> {
  return api.post<StatementProgress>(`/api/admin/statements/${year}`, {});
}
