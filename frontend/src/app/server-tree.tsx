// The tree both server-side renderers render (entry-server.tsx at build time, entry-render.tsx per
// request): the browser's own provider and routes, with a static router and an Emotion cache whose
// CSS `styles` extracts for the markup.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode, type ReactNode } from 'react';
import { StaticRouter } from 'react-router';
import { AppProvider } from './provider';
import { RoutesWithFallback } from './router';

/** `url`'s page as the browser renders it, and the `<style>` tags of the CSS its markup uses. */
export function serverTree(url: string): { tree: ReactNode; styles: (html: string) => string } {
  // The browser's Emotion cache has the default key `css`, so it adopts these style tags.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const tree = (
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider>
          <StaticRouter location={url}>
            <RoutesWithFallback />
          </StaticRouter>
        </AppProvider>
      </CacheProvider>
    </StrictMode>
  );
  // The tags go in the head, where the browser's Emotion keeps its styles; `data-s` tells it they
  // are there already, so loading it does not move them all to the end of the head (each move
  // restyles the whole page). It still re-inserts the ones it hydrates.
  const styles = (html: string) =>
    constructStyleTagsFromChunks(extractCriticalToChunks(html)).replaceAll('<style data-emotion=', '<style data-s="" data-emotion=');
  return { tree, styles };
}
