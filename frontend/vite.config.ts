/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { icuCatalogues } from './vite-plugins/icu-catalogues.ts';
import { notoFonts } from './vite-plugins/noto-fonts.ts';

export default defineConfig({
  plugins: [react(), icuCatalogues(), notoFonts()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The catalogues' messages arrive parsed (vite-plugins/icu-catalogues.ts, ADR 0149): intl-messageformat
      // without the ICU parser it would otherwise bring along (about 9 KB gzipped on every page).
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
    ],
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    // scripts/prerender.mjs reads it to preload each prerendered page's chunks.
    manifest: true,
    // The staff's own pages (the admin area, the counter with its checks and walk-ins' statements,
    // the cash office, the daily report, the seva schedule, My Sevas, the door) and the first run's
    // setup page list no chunks to preload in the entry: every public page would
    // carry their lists (the entry's map of each lazy page's chunks), while a staff tablet loads
    // their chunks in turn from the temple's own server. The public panchangam and funds pages list
    // none either, to keep the entry within its budget: a visit starting there has its chunks
    // preloaded by its page's markup (scripts/prerender.mjs), and one coming from another page
    // fetches the few it has not loaded yet once the page's own chunk has come. A fund page's chart
    // (visx, ADR 0138) lists none: it loads after the page is hydrated, never before its paint.
    modulePreload: {
      resolveDependencies: (filename, deps) => (/(^|\/)(admin|counter|checks|walk-in-statement|setup|collections|deposits|deposit-slip|daily-report|seva-schedule|my-sevas|event-check-in|event-sign-in-sheet|panchangam|funds|fund-detail|bar-chart)-[\w-]+\.js$/.test(filename) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // React DOM in a chunk of its own: a prerendered page imports its chunks one task each
        // (ADR 0120), so React DOM's evaluation is one task and the entry's another, neither of
        // them long on a phone, where together they were. React's JSX runtime goes with it: a lazy
        // chunk that renders without MUI (the chart, ADR 0138) would otherwise split it out of the
        // entry's shared MUI chunk into a chunk of its own, 0.3 KB more for every page.
        // The tithi's names, the panchangam's formats and its hook in one chunk: the home page's line
        // of today needs all three, and small chunks cost a request and their gzip overhead each.
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom[\\/]|scheduler[\\/]|react[\\/](jsx-runtime|cjs[\\/]react-jsx-runtime))/ },
            { name: 'panchangam-format', test: /src[\\/](lib[\\/]tithi|features[\\/]panchangam[\\/](lib[\\/]format|api[\\/]get-panchangam))\.ts$/ },
          ],
        },
      },
    },
  },
  // `vite build --ssr src/entry-server.tsx` (the build-time prerender, ADR 0117): one bundle for
  // Node with its dependencies inside, so Node never resolves the browser packages itself.
  ssr: { noExternal: true },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // A worker per core. Vitest's default leaves one core to its main process (cores - 1), which on
    // a 2-core machine ran every file on one core; the main process only waits and reports.
    maxWorkers: availableParallelism(),
    // Whole-app tests load lazy routes; a hang guard with room for a loaded 2-core machine, never
    // a speed assertion (docs/testing.md).
    testTimeout: 60000,
  },
});
