import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import type { Collection, CollectionRequest } from '../types';
import { depositKeys } from './deposits';

export const collectionKeys = {
  list: '/api/collections',
  one: (id: string) => `/api/collections/${encodeURIComponent(id)}`,
} as const;

// Counts change under other people's hands (a second treasurer confirms, a deposit takes them):
// each screen reads them again when it opens instead of trusting a cached copy.
const fresh = { revalidateOnMount: true } as const;

/** GET /api/collections: the latest 200 hundi counts, newest first. */
export function useCollections() {
  const { data, error, isLoading, mutate } = useSWR<Collection[]>(collectionKeys.list, fresh);
  return { collections: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** GET /api/collections/{id}: one count with its confirmations. */
export function useCollection(id: string | null) {
  const { data, error, isLoading, mutate } = useSWR<Collection>(id ? collectionKeys.one(id) : null, fresh);
  return { collection: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

export function createCollection(body: CollectionRequest): Promise<Collection> {
  return api.post<Collection>(collectionKeys.list, body);
}

/** PUT at the revision the treasurer saw: a count changed meanwhile is refused (409). */
export function updateCollection(id: string, revision: number, body: CollectionRequest): Promise<Collection> {
  return api.put<Collection>(`${collectionKeys.one(id)}?revision=${revision}`, body);
}

export function deleteCollection(id: string): Promise<void> {
  return api.delete(collectionKeys.one(id));
}

export function confirmCollection(id: string, revision: number): Promise<Collection> {
  return api.post<Collection>(`${collectionKeys.one(id)}/confirm`, { revision });
}

/**
 * The count actions, each followed by fresh lists: the counts, and what waits to be deposited
 * (a count locked by its second confirmation joins it).
 */
export function useCollectionActions() {
  const { mutate } = useSWRConfig();
  const settle = async (saved?: Collection) => {
    if (saved) await mutate(collectionKeys.one(saved.id), saved, { revalidate: false });
    await Promise.all([mutate(collectionKeys.list), mutate(depositKeys.undeposited)]);
    return saved;
  };
  return {
    create: async (body: CollectionRequest) => (await settle(await createCollection(body))) as Collection,
    update: async (id: string, revision: number, body: CollectionRequest) => (await settle(await updateCollection(id, revision, body))) as Collection,
    confirm: async (id: string, revision: number) => (await settle(await confirmCollection(id, revision))) as Collection,
    discard: async (id: string) => {
      await deleteCollection(id);
      await settle();
    },
    /** Reads the count again (after a refusal: someone else changed it). */
    reload: (id: string) => mutate(collectionKeys.one(id)),
  };
}
