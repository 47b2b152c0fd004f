// The API answers the server wrote into the page (crates/http/src/page_head.rs): a JSON data block
// `<script type="application/json" id="mandir-data">` keyed by SWR key (the API path). They seed
// SWR's `fallback`, so a page shows its content without waiting for its first requests
// (docs/decisions/0100-server-page-head.md). A prerendered page being hydrated
// (docs/decisions/0117-prerendered-public-pages.md) must first render exactly what the prerender
// did, without data: there the `fallback` is empty until hydration is done (app/provider.tsx), and
// the entries answer the first fetch of each key asked meanwhile (`takeSeeded`), with no request.
export const INITIAL_DATA_ID = 'mandir-data';

let cached: Record<string, unknown> | undefined;
let renderData: Record<string, unknown> | undefined;
let firstFetch = false;
const taken = new Set<string>();

/** The data block's entries, read once; empty when the page has none or it does not parse. */
export function initialData(doc: Document = document): Record<string, unknown> {
  if (cached !== undefined && doc === document) return cached;
  let data: Record<string, unknown> = {};
  const text = doc.getElementById(INITIAL_DATA_ID)?.textContent;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
    } catch {
      // A damaged block only costs the first requests.
    }
  }
  if (doc === document) cached = data;
  return data;
}

/** Called before hydrating a prerendered page: the entries also answer first fetches. */
export function seedFirstFetches(): void {
  firstFetch = true;
}

/** The server's page renderer (entry-render.tsx) sets the page's data block for one render. */
export function setRenderData(data: Record<string, unknown> | undefined): void {
  renderData = data;
}

/** The attribute the server puts on `#root` when its markup was rendered with the page's data. */
export const RENDERED_WITH_DATA = 'data-rendered-with-data';

/**
 * Whether the page's markup has its data in it: while the server renders it per request, and in a
 * browser hydrating such markup (docs/decisions/0120-public-pages-rendered-per-request.md). Not in the
 * build-time prerender, which has no data (ADR 0117).
 */
export function markupHasData(): boolean {
  if (renderData) return true;
  return typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute(RENDERED_WITH_DATA) === true;
}

/** SWR's `fallback`: the entries; while the server renders a page, its data; empty in the build-time prerender. */
export function initialFallback(): Record<string, unknown> {
  if (renderData) return renderData;
  return typeof document === 'undefined' ? {} : initialData();
}

/** On a hydrated page, the entry for `key` the first time it is asked for; else undefined. */
export function takeSeeded(key: string): { value: unknown } | undefined {
  if (!firstFetch || taken.has(key)) return undefined;
  const data = initialData();
  if (!Object.hasOwn(data, key)) return undefined;
  taken.add(key);
  return { value: data[key] };
}
