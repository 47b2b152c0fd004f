import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import type { Fund, FundBody, FundChanges } from '@/types/api';
import { ADMIN_PAYMENT_TOTALS_PATH } from '../../ledger/api/admin-payments';

/** Every fund's path; the public list's key (features/funds) is this path itself. */
export const FUNDS_PATH = '/api/funds';
/** GET /api/funds?all=true: every fund, inactive ones too (the treasurer's list). */
export const ALL_FUNDS_PATH = `${FUNDS_PATH}?all=true`;

/** GET /api/funds?all=true: every fund with its progress, General first, then by name. */
export function useAllFunds() {
  const { data, error, isLoading, mutate } = useSWR<Fund[]>(ALL_FUNDS_PATH);
  return { funds: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/**
 * Creates (id null) or changes a fund (PATCH: only the fields given), then reloads the funds: this
 * list, the public list and the fund's page (features/funds reads them, refreshed here by their
 * paths), and the ledger's totals, which name each fund.
 */
export function useSaveFund() {
  const { mutate } = useSWRConfig();
  return async (id: string | null, body: FundBody | FundChanges): Promise<Fund> => {
    const saved =
      id === null ? await api.post<Fund>(FUNDS_PATH, body as FundBody) : await api.patch<Fund>(`${FUNDS_PATH}/${encodeURIComponent(id)}`, body);
    const onePath = `${FUNDS_PATH}/${encodeURIComponent(saved.id)}`;
    await Promise.all([
      mutate(ALL_FUNDS_PATH),
      mutate(FUNDS_PATH),
      mutate(onePath),
      mutate(ADMIN_PAYMENT_TOTALS_PATH),
    ]);
    return saved;
  };
}
