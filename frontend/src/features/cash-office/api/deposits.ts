import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import type { Deposit, DepositRequest, DepositSummary, Undeposited } from '../types';

export const depositKeys = {
  list: '/api/deposits',
  undeposited: '/api/deposits/undeposited',
  one: (id: string) => `/api/deposits/${encodeURIComponent(id)}`,
} as const;

// What waits for the bank changes with every count locked and drawer closed: read on opening.
const fresh = { revalidateOnMount: true } as const;

/** GET /api/deposits/undeposited: closed drawers, locked hundi counts and checks not yet deposited. */
export function useUndeposited() {
  const { data, error, isLoading, mutate } = useSWR<Undeposited>(depositKeys.undeposited, fresh);
  return { undeposited: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** GET /api/deposits: the latest 200 deposits, newest first. */
export function useDeposits() {
  const { data, error, isLoading, mutate } = useSWR<DepositSummary[]>(depositKeys.list, fresh);
  return { deposits: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** GET /api/deposits/{id}: a deposit with its items (its slip). */
export function useDeposit(id: string) {
  const { data, error, isLoading, mutate } = useSWR<Deposit>(depositKeys.one(id), fresh);
  return { deposit: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

export function createDeposit(body: DepositRequest): Promise<Deposit> {
  return api.post<Deposit>(depositKeys.list, body);
}

export function clearDeposit(id: string): Promise<Deposit> {
  return api.post<Deposit>(`${depositKeys.one(id)}/clear`);
}

export function deleteDeposit(id: string): Promise<void> {
  return api.delete(depositKeys.one(id));
}

/** Every cached hundi count (a deposit changes their state). */
const isCollectionKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/collections');

/** The deposit actions, each followed by fresh lists (deposits, what waits, the counts' states). */
export function useDepositActions() {
  const { mutate } = useSWRConfig();
  const settle = () => Promise.all([mutate(depositKeys.list), mutate(depositKeys.undeposited), mutate(isCollectionKey)]);
  return {
    create: async (body: DepositRequest) => {
      const made = await createDeposit(body);
      await mutate(depositKeys.one(made.deposit.id), made, { revalidate: false });
      await settle();
      return made;
    },
    clear: async (id: string) => {
      const cleared = await clearDeposit(id);
      await mutate(depositKeys.one(id), cleared, { revalidate: false });
      await settle();
      return cleared;
    },
    takeApart: async (id: string) => {
      await deleteDeposit(id);
      await settle();
    },
    /** Reads what waits again (after a refusal: an item went into another deposit). */
    reloadWaiting: () => mutate(depositKeys.undeposited),
  };
}
