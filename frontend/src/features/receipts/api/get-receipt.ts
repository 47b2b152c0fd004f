import useSWR from 'swr';
import { ApiError, downloadFile } from '@/lib/api-client';
import type { Receipt } from '@/types/api';

/** GET /api/receipts/{receiptNumber}[?sig=]: the API path of a receipt, with the e-mail link's signature. */
export function receiptPath(receiptNumber: string, sig?: string | null): string {
  const base = `/api/receipts/${encodeURIComponent(receiptNumber)}`;
  return sig ? `${base}?${new URLSearchParams({ sig }).toString()}` : base;
}

/**
 * A completed gift's receipt: for the holder of the signed link, the signed-in donor or an admin.
 * The server answers 404 for anyone else (and for a gift that is not completed).
 */
export function useReceipt(receiptNumber: string, sig?: string | null) {
  const { data, error, isLoading, mutate } = useSWR<Receipt>(receiptPath(receiptNumber, sig), { shouldRetryOnError: false });
  const notFound = error instanceof ApiError && error.status === 404;
  return { receipt: data, error: error as Error | undefined, notFound, isLoading, refresh: () => mutate() };
}

/** GET /api/receipts/{receiptNumber}/pdf[?sig=]: saves the receipt as the temple's PDF letter. */
export function downloadReceiptPdf(receiptNumber: string, sig?: string | null): Promise<string> {
  const base = `/api/receipts/${encodeURIComponent(receiptNumber)}/pdf`;
  const path = sig ? `${base}?${new URLSearchParams({ sig }).toString()}` : base;
  return downloadFile(path, `receipt-${receiptNumber}.pdf`);
}
