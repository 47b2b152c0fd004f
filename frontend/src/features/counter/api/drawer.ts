import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { components } from '@/types/api.gen';
import type { DrawerCloseRequest } from '../lib/drawer';

/** What the drawer should hold: the cash of the counter's sales since the last close. */
export type Drawer = components['schemas']['DrawerDto'];
/** A close of the drawer: the cash expected and counted, the difference and its note, who and when. */
export type DrawerClose = components['schemas']['DrawerCloseDto'];

const DRAWER = '/api/counter/drawer';
const CLOSES = '/api/counter/drawer/closes';

/** GET /api/counter/drawer, read afresh each time the component using it mounts. */
export function useDrawer() {
  const { data, error, isLoading, mutate } = useSWR<Drawer>(DRAWER, { revalidateOnMount: true });
  return { drawer: data, error: error as Error | undefined, isLoading: isLoading && !data, refresh: () => mutate() };
}

/** GET /api/counter/drawer/closes: the latest closes, newest first, read afresh each time the component using it mounts. */
export function useDrawerCloses() {
  const { data, error, isLoading, mutate } = useSWR<DrawerClose[]>(CLOSES, { revalidateOnMount: true });
  return { closes: data, error: error as Error | undefined, isLoading: isLoading && !data, refresh: () => mutate() };
}

/**
 * POST /api/counter/drawer/close with the close's key: sending the same key again answers the
 * close already recorded (200), so a close whose answer was lost is sent again safely.
 */
export function closeDrawer(key: string, request: DrawerCloseRequest): Promise<DrawerClose> {
  return api.post<DrawerClose>('/api/counter/drawer/close', request, { headers: { 'Idempotency-Key': key } });
}
