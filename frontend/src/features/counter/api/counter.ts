import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import type { CounterSale, CounterSaleRequest, MemberPage } from '@/types/api';

/**
 * POST /api/counter/sales with the sale's key: a resubmission of the same key answers the sale
 * already recorded, so a sale whose answer was lost is sent again safely.
 */
export function createCounterSale(key: string, request: CounterSaleRequest): Promise<CounterSale> {
  return api.post<CounterSale>('/api/counter/sales', request, { headers: { 'Idempotency-Key': key } });
}

/** The first members matching what the counter typed (name, phone or e-mail); none under 2 characters. */
export function useMemberSearch(q: string) {
  const query = q.trim();
  const key = query.length >= 2 ? apiKeys.adminMembers(query, 1, 8) : null;
  const { data, error, isLoading } = useSWR<MemberPage>(key, (k: string) => api.get<MemberPage>(k), { keepPreviousData: true });
  return { members: key ? (data?.items ?? []) : [], error: error as Error | undefined, isLoading: key !== null && isLoading };
}
