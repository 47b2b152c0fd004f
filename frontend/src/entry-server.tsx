// The build-time renderer of the public pages (docs/decisions/0117-prerendered-public-pages.md):
// `vite build --ssr` bundles this file for Node, and scripts/prerender.mjs writes each public
// route's markup and critical CSS into dist/prerender/*.html, which the server sends (with the
// page's head and data block) and the browser hydrates (main.tsx). The tree is the browser's
// (App) with a static router, rendered without API data: what the page shows before its data.
import { prerenderToNodeStream } from 'react-dom/static';
import { PRERENDERED } from './app/prerendered';
import { serverTree } from './app/server-tree';
import { loadMessageFormat } from './i18n/runtime';
import { setRenderInstant } from './lib/render-instant';

export { PRERENDERED };

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(typeof part === 'string' ? Buffer.from(part) : (part as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

/**
 * The markup of `url` (every lazy route loaded) as of `now` (Unix milliseconds, written on `#root`
 * for the browser's hydration) and the `<style>` tags of the CSS it uses.
 */
export async function render(url: string, now: number): Promise<{ html: string; styles: string }> {
  await loadMessageFormat();
  const { tree, styles } = serverTree(url);
  setRenderInstant(now);
  try {
    const { prelude } = await prerenderToNodeStream(tree, {
      // Every boundary inline, in order: no outlined segments, so no script to put them in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
    const html = await text(prelude);
    return { html, styles: styles(html) };
  } finally {
    setRenderInstant(undefined);
  }
}
