import { useEffect, useSyncExternalStore } from 'react';

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

/**
 * The attribute on `<html>` that says the app has taken over the page: a prerendered page's
 * markup is hydrated, or the page rendered in the browser. A prerendered page starts its scripts
 * only after its first paint (docs/decisions/0120-public-pages-rendered-per-request.md), so until
 * then its buttons and menus are markup only; browser tests wait for this before they act.
 */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** Sets {@link HYDRATED_ATTRIBUTE} once the first render has committed. */
export function useMarkHydrated(): void {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
}
