// The page renderer's bundle (docs/decisions/0120-public-pages-rendered-per-request.md): the app
// rendered by src/entry-render.tsx, as one classic script (dist/server/render.js) for the server's
// embedded JavaScript engine, which has no modules, no DOM and no Node. Never sent to browsers: the
// server serves files under /assets only and pages from its templates.
import { fileURLToPath, URL } from 'node:url';
import { mergeConfig } from 'vite';
import base from './vite.config.ts';

const local = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default mergeConfig(base, {
  publicDir: false,
  resolve: {
    alias: {
      // @emotion/server's stream renderer (unused: critical CSS is extracted from a string) needs Node.
      through: local('./src/render/no-node-streams.ts'),
      'html-tokenize': local('./src/render/no-node-streams.ts'),
      multipipe: local('./src/render/no-node-streams.ts'),
      // The synchronous renderToString alone: the streaming renderer beside it needs MessageChannel.
      'react-dom/server.browser': local('./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js'),
    },
  },
  build: {
    outDir: 'dist/server',
    emptyOutDir: true,
    manifest: false,
    minify: true,
    ssr: 'src/entry-render.tsx',
    rolldownOptions: {
      // One script: no chunks (the browser build's React DOM chunk included).
      output: { format: 'iife', name: 'MandirRender', entryFileNames: 'render.js', codeSplitting: false },
    },
  },
  // Packages' builds for a worker (no `document`: Emotion then collects CSS instead of inserting it),
  // all bundled in.
  ssr: { noExternal: true, target: 'webworker', resolve: { conditions: ['worker', 'module', 'import', 'default'], externalConditions: [] } },
});
