/**
 * A value kept on this device (`localStorage`) under `key` until it is cleared, so a reload or a
 * dropped network loses nothing. A stored value that does not read back as one (`valid`) is none;
 * a full or blocked storage keeps nothing, and the page goes on with the value it holds.
 */
export function keptOnDevice<T>(key: string, valid: (value: T) => boolean) {
  return {
    load(): T | null {
      try {
        const raw = window.localStorage.getItem(key);
        const parsed = raw ? (JSON.parse(raw) as T) : null;
        return parsed !== null && valid(parsed) ? parsed : null;
      } catch {
        return null;
      }
    },
    save(value: T): void {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage unavailable: kept in the page only.
      }
    },
    clear(): void {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Nothing kept.
      }
    },
  };
}
