import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { CardCharge, CounterPerson, CounterSale, CounterSaleRequest, Statement } from '@/types/api';

/**
 * POST /api/counter/sales with the sale's key: a resubmission of the same key answers the sale
 * already recorded, so a sale whose answer was lost is sent again safely.
 */
export function createCounterSale(key: string, request: CounterSaleRequest): Promise<CounterSale> {
  return api.post<CounterSale>('/api/counter/sales', request, { headers: { 'Idempotency-Key': key } });
}

/**
 * GET /api/counter/people?q=: the first people matching what the counter typed (name, e-mail or
 * phone): members, then walk-ins who gave at the counter before; searched in the server's memory,
 * none under 2 characters.
 */
export function usePeopleSearch(q: string) {
  const query = q.trim();
  const key = query.length >= 2 ? `/api/counter/people?${new URLSearchParams({ q: query }).toString()}` : null;
  // Each answer says which search it is, as the previous one stays shown while the next loads.
  const { data, error, isLoading } = useSWR<{ key: string; people: CounterPerson[] }>(
    key,
    (k: string) => api.get<CounterPerson[]>(k).then((people) => ({ key: k, people })),
    { keepPreviousData: true },
  );
  return {
    people: key ? (data?.people ?? []) : [],
    /** Whether the people shown are this search's, not an earlier one's still shown while it loads. */
    current: key !== null && data?.key === key,
    error: error as Error | undefined,
    isLoading: key !== null && isLoading,
  };
}

/** GET /api/counter/walk-ins/{id}/statements/{year}: a walk-in's statement for a year, to print at the counter. */
export function useWalkInStatement(id: string, year: number) {
  const { data, error, isLoading, mutate } = useSWR<Statement>(`/api/counter/walk-ins/${encodeURIComponent(id)}/statements/${year}`);
  return { statement: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** A person found, as a list and a chosen donor show them: name, e-mail and phone; a walk-in says so. */
export function personLabel(p: CounterPerson): string {
  if (p.walkIn) return [p.walkIn.name, p.walkIn.email, p.walkIn.phone, 'walk-in'].filter(Boolean).join(' · ');
  const m = p.member;
  return m ? [`${m.firstName} ${m.lastName}`.trim(), m.email, m.phoneNumber].filter(Boolean).join(' · ') : '';
}

/** A found person's identity: their account's id or their donor record's. */
export const personKey = (p: CounterPerson) => p.walkIn?.id ?? p.member?.id ?? '';

/**
 * POST /api/counter/card-charges: starts charging the card part of the sale `saleKey` on the
 * tablet (the provider's intent, for the card form). The same `cardKey` answers the same charge.
 */
export function startCardCharge(cardKey: string, saleKey: string, amount: string): Promise<CardCharge> {
  return api.post<CardCharge>('/api/counter/card-charges', { saleKey, amount }, { headers: { 'Idempotency-Key': cardKey } });
}

/** POST /api/counter/card-charges/{id}/sandbox: the sandbox card form's answer (test mode only). */
export function confirmSandboxCard(intentId: string, clientSecret: string, outcome: string): Promise<CardCharge> {
  return api.post<CardCharge>(`/api/counter/card-charges/${encodeURIComponent(intentId)}/sandbox`, { clientSecret, outcome });
}

/** POST /api/counter/card-charges/{id}/refund: gives back a card charge no recorded sale used. */
export function refundCardCharge(intentId: string): Promise<CardCharge> {
  return api.post<CardCharge>(`/api/counter/card-charges/${encodeURIComponent(intentId)}/refund`, {});
}
