import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { CounterSale, CounterSaleRequest, Member } from '@/types/api';

/**
 * POST /api/counter/sales with the sale's key: a resubmission of the same key answers the sale
 * already recorded, so a sale whose answer was lost is sent again safely.
 */
export function createCounterSale(key: string, request: CounterSaleRequest): Promise<CounterSale> {
  return api.post<CounterSale>('/api/counter/sales', request, { headers: { 'Idempotency-Key': key } });
}

/**
 * GET /api/counter/members?q=: the first members matching what the counter typed (name, e-mail or
 * phone), searched in the server's memory; none under 2 characters.
 */
export function useMemberSearch(q: string) {
  const query = q.trim();
  const key = query.length >= 2 ? `/api/counter/members?${new URLSearchParams({ q: query }).toString()}` : null;
  const { data, error, isLoading } = useSWR<Member[]>(key, (k: string) => api.get<Member[]>(k), { keepPreviousData: true });
  return { members: key ? (data ?? []) : [], error: error as Error | undefined, isLoading: key !== null && isLoading };
}
