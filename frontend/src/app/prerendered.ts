// The public pages (src/app/public-pages.json, their one declaration): prerendered at build time
// (entry-server.tsx, scripts/prerender.mjs) and rendered per request by the server (entry-render.tsx).
import declared from './public-pages.json';

/** One public page as declared. */
export type PublicPage = {
  /** Its files' name under dist/prerender. */
  name: string;
  /** The router's pattern (`/events/:id`). */
  path: string;
  /** The route module that renders it. */
  source: string;
  /** Whether the sitemap lists the page itself. */
  sitemap: boolean;
  /** The API list whose first item's id fills `:id` where the page is measured and tested. */
  example?: string;
};

export const PUBLIC_PAGES: readonly PublicPage[] = declared.pages;

/** File name (under dist/prerender) and the URL rendered at build time (`:id` as `prerender`). */
export const PRERENDERED = PUBLIC_PAGES.map(({ name, path }) => ({ name, url: path.replace(':id', 'prerender') }));
