// Writes the public pages' markup into dist/prerender/<name>.html (docs/decisions/0117-prerendered-public-pages.md):
// dist/index.html with the page rendered into <div id="root">, the Emotion CSS it uses in <head>,
// and modulepreload links for the chunks the browser loads before hydrating it. Also
// dist/prerender/<name>.frame.html: the same page with `<!--mandir:styles-->` and
// `<!--mandir:markup-->` where the server puts the page it renders per request with its data
// (docs/decisions/0120-public-pages-rendered-per-request.md). Runs after
// `vite build` (the browser build, with its manifest) and `vite build --ssr` (dist-ssr/).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const { render, PRERENDERED } = await import(pathToFileURL(path.join(root, 'dist-ssr', 'entry-server.js')).href);
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

/** The built files of the chunk of `src` and of everything it imports statically. */
function chunkFiles(src, seen = new Set()) {
  const entry = manifest[src];
  if (!entry || seen.has(src)) return seen;
  seen.add(src);
  for (const dep of entry.imports ?? []) chunkFiles(dep, seen);
  return seen;
}

/** Each public page's route module (src/app/public-pages.json, their one declaration). */
const { pages } = JSON.parse(fs.readFileSync(path.join(root, 'src', 'app', 'public-pages.json'), 'utf8'));
const ROUTE_SOURCES = Object.fromEntries(pages.map(({ name, source }) => [name, source]));
const entryChunks = chunkFiles('index.html');
const marker = '<div id="root"></div>';
if (!template.includes(marker)) throw new Error(`dist/index.html has no ${marker}`);

/** Built file (`assets/x.js`) -> the files it imports statically, from Vite's manifest. */
const importsOf = new Map(Object.values(manifest).map((c) => [c.file, (c.imports ?? []).map((key) => manifest[key].file)]));

/** `files` ordered so that each comes after everything it imports (a depth-first post-order). */
function dependenciesFirst(files) {
  const ordered = [];
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of importsOf.get(file) ?? []) visit(dep);
    ordered.push(file);
  };
  files.forEach(visit);
  return ordered;
}

/**
 * `page` with its scripts started only once it has painted (ADR 0120). The entry script and the
 * preloads come out of the head; a small inline loader at the end of the body starts them once the
 * browser reports the first contentful paint (a `paint` PerformanceObserver: the paint has been
 * presented, not only recorded), or at once in a tab that is or becomes hidden, where nothing
 * paints. A browser without paint entries starts them after the first frame, and a page whose
 * paint is not reported within 3 s starts them then. The loader
 * - preloads every file (`<link rel="modulepreload">`: fetched and compiled in parallel, not run),
 *   adding each link in a task of its own, as starting a request costs a phone up to 2 ms;
 * - then imports them one at a time, each after everything it imports, each in a task of its own.
 *   Each import so runs one file: a phone evaluates React DOM, MUI, the entry and the page's chunks
 *   in separate short tasks, where importing them together ran them all in one long task.
 * The markup paints without waiting for, or sharing the network or the main thread with, the
 * JavaScript that hydrates it. The server allows the loader by its hash, as it does the theme
 * bootstrap (ADR 0101). Until the app has hydrated the page (`data-hydrated` on `<html>`), its
 * links work and its buttons do not yet.
 */
function scriptsAfterPaint(page) {
  const entry = page.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entry) throw new Error('dist/index.html has no module entry script');
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const files = [entry[1], ...[...page.matchAll(preload)].map((m) => m[1])].map((url) => url.replace(/^\//, ''));
  // The entry starts hydration when it runs, importing the page's chunks: those it can run before
  // (all that do not import it) come first, each on its own.
  const ordered = dependenciesFirst(files);
  const needsEntry = new Set();
  for (const file of ordered) {
    // In this order a file's imports are decided before it.
    if (file === files[0] || (importsOf.get(file) ?? []).some((dep) => needsEntry.has(dep))) needsEntry.add(file);
  }
  const urls = [...ordered.filter((f) => !needsEntry.has(f)), ...ordered.filter((f) => needsEntry.has(f))].map((file) => `/${file}`);
  const loader =
    `<script>(function(){var u=${JSON.stringify(urls)},d=0,i=0,P=window.PerformanceObserver;` +
    `function next(){if(i<u.length)import(u[i++]).then(later,later)}function later(){setTimeout(next,0)}` +
    `function go(){if(d)return;d=1;u.forEach(function(h){setTimeout(function(){var l=document.createElement('link');` +
    `l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)},0)});later()}` +
    `if(document.visibilityState==='hidden')return go();` +
    `document.addEventListener('visibilitychange',go,{once:true});` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){` +
    `new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}})` +
    `.observe({type:'paint',buffered:true});setTimeout(go,3000)}` +
    `else requestAnimationFrame(function(){setTimeout(go,0)})})()</script>`;
  return page.replace(entry[0], '').replace(preload, '').replace('</body>', `${loader}</body>`);
}

fs.mkdirSync(path.join(dist, 'prerender'), { recursive: true });
for (const { name, url } of PRERENDERED) {
  const renderedAt = Date.now();
  const { html, styles } = await render(url, renderedAt);
  if (/<script/i.test(html)) throw new Error(`${url}: the prerendered markup has a script; the CSP allows none`);
  const chunks = new Set([...chunkFiles(ROUTE_SOURCES[name]), ...chunkFiles('src/app/layout/footer.tsx')]);
  const preloads = [...chunks]
    .filter((src) => !entryChunks.has(src))
    .map((src) => `<link rel="modulepreload" crossorigin href="/${manifest[src].file}">`)
    .join('');
  const page = scriptsAfterPaint(template.replace('</head>', `${preloads}${styles}</head>`).replace(marker, `<div id="root" data-rendered-at="${renderedAt}">${html}</div>`));
  fs.writeFileSync(path.join(dist, 'prerender', `${name}.html`), page);
  // The frame the server fills with the page rendered per request with its data (ADR 0120).
  const frame = scriptsAfterPaint(
    template
      .replace('</head>', `${preloads}<!--mandir:styles--></head>`)
      // The server writes the instant of its render in place of mandir:rendered-at (page_render::fill).
      .replace(marker, '<div id="root" data-rendered-with-data data-rendered-at="mandir:rendered-at"><!--mandir:markup--></div>'),
  );
  fs.writeFileSync(path.join(dist, 'prerender', `${name}.frame.html`), frame);
  console.log(`prerendered ${url} -> dist/prerender/${name}.html (${(page.length / 1024).toFixed(1)} KB)`);
}
fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
