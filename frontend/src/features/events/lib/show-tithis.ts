import { useCallback, useSyncExternalStore } from 'react';

/** Whether the events calendar shows each date's tithi, remembered on the device (off by default). */
export const SHOW_TITHIS_KEY = 'mandir.events.showTithis';

const listeners = new Set<() => void>();

/** The choice made on this visit when storage cannot keep it (private mode). */
let unsaved: boolean | null = null;

function read(): boolean {
  if (unsaved !== null) return unsaved;
  try {
    return window.localStorage.getItem(SHOW_TITHIS_KEY) === 'true';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab turned them on or off.
  const onStorage = (e: StorageEvent) => {
    if (e.key === SHOW_TITHIS_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The "Show tithis" preference and its setter. The server's render, and the browser's hydration of
 * its markup, take the default (off) without touching storage (docs/architecture.md#public-pages);
 * the stored choice follows right after. React's external-store hook does this, and follows other
 * tabs, where state set in an effect would not (and the lint forbids it).
 */
export function useShowTithis(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, () => false);
  const set = useCallback((next: boolean) => {
    try {
      window.localStorage.setItem(SHOW_TITHIS_KEY, String(next));
    } catch {
      unsaved = next; // not remembered, but kept for this visit
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [on, set];
}
