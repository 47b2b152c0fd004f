import type { DoorCount, DoorEntry } from '@/types/door';
import { entryKey, LATEST_LIMIT, type DoorResults } from './door';

/**
 * What this desk has learnt since its searches were answered: the newest known state of every
 * entry changed at the door (by this desk or another, from the changes feed), and the newest
 * count. A search's answer is shown through it, so a change appears wherever its entry is listed
 * without asking the server again.
 */
export type Live = {
  /** By `entryKey`: the entry as of its last change. */
  entries: ReadonlyMap<string, DoorEntry>;
  /** The newest count known and the change number it is as of (-1: none yet). */
  count: DoorCount | null;
  countSeq: number;
};

export const emptyLive: Live = { entries: new Map(), count: null, countSeq: -1 };

/**
 * The live state with `changed` merged in: an entry replaces what is known of it when it is newer
 * (a higher `seq`), or always with `force` (a walk-in this desk just took off, before the feed says so).
 */
export function withEntries(live: Live, changed: readonly DoorEntry[], force = false): Live {
  if (changed.length === 0) return live;
  const entries = new Map(live.entries);
  for (const e of changed) {
    const key = entryKey(e);
    const known = entries.get(key);
    if (force || !known || e.seq > known.seq) entries.set(key, e);
  }
  return { ...live, entries };
}

/** The live state with a count as of change `seq`, kept when it is the newest known. */
export function withCount(live: Live, count: DoorCount, seq: number): Live {
  return seq >= live.countSeq ? { ...live, count, countSeq: seq } : live;
}

/** The count to show: the search's or the feed's, whichever is newer. */
export function currentCount(results: DoorResults | undefined, live: Live): DoorCount | null {
  if (results && results.seq > live.countSeq) return results.count;
  return live.count ?? results?.count ?? null;
}

function newestFirst(a: DoorEntry, b: DoorEntry): number {
  const at = (e: DoorEntry) => (e.checkedInAt ? new Date(e.checkedInAt).getTime() : 0);
  return at(b) - at(a) || b.seq - a.seq;
}

/**
 * The rows of a search's answer as they stand now: each entry in its newest known state, walk-ins
 * taken off left out. For the latest check-ins (an empty search), check-ins made since the answer
 * join the list at the top and undone ones leave it.
 */
export function shownEntries(results: DoorResults, live: Live): DoorEntry[] {
  const latest = results.q === '';
  const seen = new Set<string>();
  const rows: DoorEntry[] = [];
  for (const e of results.entries) {
    const key = entryKey(e);
    seen.add(key);
    const known = live.entries.get(key);
    const now = known && known.seq >= e.seq ? known : e;
    if (now.removed || (latest && now.checkedInAt === null)) continue;
    rows.push(now);
  }
  if (!latest) return rows;
  for (const [key, e] of live.entries) {
    if (!seen.has(key) && e.seq > results.seq && !e.removed && e.checkedInAt !== null) rows.push(e);
  }
  return rows.sort(newestFirst).slice(0, LATEST_LIMIT);
}
