// The per-request renderer of the public pages (docs/decisions/0120-public-pages-rendered-per-request.md):
// `vite build -c vite.render.config.ts` bundles this file into one script (dist/server/render.js)
// that the server runs in its embedded JavaScript engine (crates/http/src/page_render.rs). It
// renders the browser's own tree (App's provider and routes, a static router) with the page's data
// block, so the markup the browser hydrates already shows the temple's texts and events.
import './render/globals';
import { renderToString } from 'react-dom/server.browser';
import { preloadRoute } from './app/router';
import { serverTree } from './app/server-tree';
import { PRERENDERED } from './app/prerendered';
import { isLanguage, LANGUAGES, type Language } from './i18n/languages';
import { loadLanguage, loadMessageFormat, setPageLanguage } from './i18n/runtime';
import type { LoadedLanguage } from './i18n/types';
import { setRenderData } from './lib/initial-data';
import { setRenderInstant } from './lib/render-instant';

const languages = new Map<Language, LoadedLanguage | undefined>();

/** Loads every public page's lazy chunks and every language's messages, so rendering never suspends on one. */
export async function prepare(): Promise<void> {
  await Promise.all([
    ...PRERENDERED.map(({ url }) => preloadRoute(url)),
    loadMessageFormat(),
    ...LANGUAGES.map(async ({ code }) => void languages.set(code, await loadLanguage(code))),
  ]);
}

/** The language a page is rendered in: its URL's `lang` (crates/http/src/page_head adds it), else English. */
function languageOf(url: string): Language {
  const lang = new URL(url, 'http://page.invalid').searchParams.get('lang');
  return isLanguage(lang) ? lang : 'en';
}

/**
 * The markup of `url` rendered with `data` (the page's data block, JSON) as of `now` (Unix
 * milliseconds, which the server writes on `#root` for the browser's hydration), and the `<style>`
 * tags of its CSS.
 */
export function render(url: string, data: string, now: number): { html: string; styles: string } {
  const { tree, styles } = serverTree(url);
  setRenderData(JSON.parse(data) as Record<string, unknown>);
  setRenderInstant(now);
  const lang = languageOf(url);
  setPageLanguage(lang, languages.get(lang));
  try {
    const html = renderToString(tree);
    // React marks a Suspense boundary it could not finish (a component threw or suspended; it says
    // no more) with `<!--$!-->` and leaves it to the browser. A page with one would hydrate into a
    // spinner: fail instead, so the server sends the prerendered page and logs this.
    if (html.includes('<!--$!-->')) throw new Error(`${url}: a part of the page failed to render on the server`);
    return { html, styles: styles(html) };
  } finally {
    setRenderData(undefined);
    setRenderInstant(undefined);
    setPageLanguage('en');
  }
}
