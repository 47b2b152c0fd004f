import useSWR from 'swr';
import { downloadFile } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { Payment, Statement, YearTotal } from '@/types/api';

export const MY_YEARS_PATH = '/api/payments/mine/years';
export const MY_CSV_PATH = '/api/payments/mine.csv';

/** GET /api/payments/mine: the member's own gifts, newest first. */
export function useMyPayments() {
  const { data, error, isLoading, mutate } = useSWR<Payment[]>(apiKeys.myPayments);
  return { payments: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** GET /api/payments/mine/years: completed gifts per year of the temple's zone, latest first. */
export function useMyYearTotals() {
  const { data, error, isLoading } = useSWR<YearTotal[]>(MY_YEARS_PATH);
  return { years: data, error: error as Error | undefined, isLoading };
}

/** Saves the member's gifts as CSV. */
export function downloadMyDonations(): Promise<string> {
  return downloadFile(MY_CSV_PATH, 'my-donations.csv');
}

/** The receipt page of a gift. */
export function receiptHref(receiptNumber: string): string {
  return `/receipts/${encodeURIComponent(receiptNumber)}`;
}

/** The member's statement for a year as a PDF letter from the temple. */
export function myStatementPdfPath(year: number): string {
  return `/api/payments/mine/statements/${year}/pdf`;
}

/** Saves the member's statement for a year as a PDF (giving-statement-{year}.pdf). */
export function downloadMyStatementPdf(year: number): Promise<string> {
  return downloadFile(myStatementPdfPath(year), `giving-statement-${year}.pdf`);
}

/** GET /api/payments/mine/statements/{year}: the member's statement for a year. */
export function useMyStatement(year: number) {
  const { data, error, isLoading, mutate } = useSWR<Statement>(`/api/payments/mine/statements/${year}`);
  return { statement: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}
