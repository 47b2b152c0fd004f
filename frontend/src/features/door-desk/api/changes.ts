import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/api-client';
import type { DoorChanges, DoorEntry, DoorSearch } from '@/types/door';
import { emptyLive, withCount, withEntries, type Live } from '../lib/live';

/** How long the server may hold a request for changes (its longest wait). */
export const CHANGES_WAIT_SECONDS = 25;
/** How long the loop waits before asking again after a failure. */
export const CHANGES_RETRY_MS = 2000;
/** The shortest time between two asks that brought nothing (a server or proxy not holding them). */
const MIN_EMPTY_ROUND_MS = 1000;

/**
 * GET /api/events/{id}/door/changes?after=&wait=: the entries changed since change `after`, oldest
 * first (at most 200), the newest change number and the count; with `wait` the server holds the
 * request until something changes or the wait ends (long polling).
 */
export function getDoorChanges(eventId: string, after: number, wait: number, signal?: AbortSignal): Promise<DoorChanges> {
  const query = new URLSearchParams({ after: String(after), wait: String(wait) }).toString();
  return api.get<DoorChanges>(`/api/events/${eventId}/door/changes?${query}`, { signal });
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** 'live': following the feed; 'reconnecting': the last ask failed, asking again soon; 'stopped': refused (signed out, no door duty). */
export type LiveStatus = 'waiting' | 'live' | 'reconnecting' | 'stopped';

/**
 * Keeps a desk live: from the change number of the first search answered (`first`), asks for the
 * changes in a loop (each ask held by the server up to 25 s) until unmounted, merging each answer's
 * entries and count into the live state. A failed ask is repeated after 2 s; a refusal (401, 403,
 * 404) stops the loop. `record` adds an entry this desk changed, at once; `forget` marks a walk-in
 * this desk took off.
 */
export function useDoorLive(eventId: string, first: Pick<DoorSearch, 'seq' | 'count'> | undefined) {
  const [live, setLive] = useState<Live>(emptyLive);
  const [status, setStatus] = useState<LiveStatus>('waiting');
  const [from, setFrom] = useState<number | null>(null);
  // Adjusting state while rendering (React's pattern for deriving from a previous render): the
  // loop starts from the first answer's change number, and later answers do not restart it.
  if (from === null && first) {
    setFrom(first.seq);
    setLive((l) => withCount(l, first.count, first.seq));
  }

  useEffect(() => {
    if (from === null) return;
    const controller = new AbortController();
    const { signal } = controller;
    async function follow(after: number) {
      while (!signal.aborted) {
        const started = Date.now();
        try {
          const changes = await getDoorChanges(eventId, after, CHANGES_WAIT_SECONDS, signal);
          if (signal.aborted) return;
          after = Math.max(after, changes.seq);
          setLive((l) => withCount(withEntries(l, changes.entries), changes.count, changes.seq));
          setStatus('live');
          if (changes.entries.length === 0 && Date.now() - started < MIN_EMPTY_ROUND_MS) await pause(MIN_EMPTY_ROUND_MS, signal);
        } catch (err) {
          if (signal.aborted) return;
          if (err instanceof ApiError && [401, 403, 404].includes(err.status)) {
            setStatus('stopped');
            return;
          }
          setStatus('reconnecting');
          await pause(CHANGES_RETRY_MS, signal);
        }
      }
    }
    void follow(from);
    return () => controller.abort();
  }, [eventId, from]);

  const record = useCallback((entry: DoorEntry) => setLive((l) => withEntries(l, [entry])), []);
  const forget = useCallback((entry: DoorEntry) => setLive((l) => withEntries(l, [{ ...entry, removed: true }], true)), []);
  // Following from the first answer on; 'live' until an ask fails.
  return { live, status: status === 'waiting' && from !== null ? 'live' : status, record, forget };
}
