import { useHydrated } from './use-hydrated';

// What a page shows of the clock (an event in progress, the recent events, the year) must be the
// same in the markup the server rendered and in the browser's first render of it, or hydration
// fails and React throws the markup away. The server's renderers render at one instant and write
// it on `#root` (`data-rendered-at`, Unix milliseconds); the browser renders with that instant
// until it has hydrated the page, then with its own clock (docs/decisions/0120-public-pages-rendered-per-request.md).

/** The attribute on `<div id="root">` with the instant the markup was rendered at. */
export const RENDERED_AT = 'data-rendered-at';

let renderInstant: number | undefined;

/** The server's renderers (entry-render.tsx, entry-server.tsx) set the instant for one render. */
export function setRenderInstant(ms: number | undefined): void {
  renderInstant = ms;
}

/** The instant the page's markup was rendered at: while rendering it, or read from `#root`. */
export function markupInstant(): number | undefined {
  if (renderInstant !== undefined) return renderInstant;
  if (typeof document === 'undefined') return undefined;
  const value = Number(document.getElementById('root')?.getAttribute(RENDERED_AT) ?? Number.NaN);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * "Now" for rendering: the markup's instant while the server renders a page and while the browser
 * hydrates it, the browser's clock once hydrated (and from the start on pages rendered in the
 * browser alone). A component that shows anything depending on the clock reads it here.
 */
export function useNow(): Date {
  const hydrated = useHydrated();
  const at = hydrated ? undefined : markupInstant();
  return at === undefined ? new Date() : new Date(at);
}
