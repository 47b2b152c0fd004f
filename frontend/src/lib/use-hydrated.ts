import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the build-time prerender and while a prerendered page is being hydrated, true after
 * (and from the start on pages rendered in the browser alone). What depends on the visitor's clock
 * or storage renders only once this is true, so it never differs from the prerendered markup
 * (docs/decisions/0117-prerendered-public-pages.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
