// Writes the public pages' markup into dist/prerender/<name>.html (docs/decisions/0117-prerendered-public-pages.md):
// dist/index.html with the page rendered into <div id="root">, the Emotion CSS it uses in <head>,
// and modulepreload links for the chunks the browser loads before hydrating it. Also
// dist/prerender/<name>.frame.html: the same page with `<!--mandir:styles-->` and
// `<!--mandir:markup-->` where the server puts the page it renders per request with its data
// (docs/decisions/0120-public-pages-rendered-per-request.md). Runs after
// `vite build` (the browser build, with its manifest) and `vite build --ssr` (dist-ssr/).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { minifySync } from 'vite';

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
 * The loader that starts a page's scripts once it has painted (scripts/after-paint-loader.js, ADR
 * 0120), minified. Its text is the same on every page (each page's modules are in its
 * `data-modules` attribute), so the Content-Security-Policy allows it by one hash, computed here and
 * checked by the server against the page it sends (`page_head::inline_script_hashes`).
 */
const loaderSource = path.join(root, 'scripts', 'after-paint-loader.js');
const minified = minifySync(loaderSource, fs.readFileSync(loaderSource, 'utf8'), { compress: true, mangle: true });
if (minified.errors.length) throw new Error(`scripts/after-paint-loader.js: ${minified.errors.map((e) => e.message).join('; ')}`);
const loader = minified.code.trim();
if (loader.includes('</script')) throw new Error('the loader must not close its own script tag');
console.log(`after-paint loader: ${loader.length} bytes, 'sha256-${createHash('sha256').update(loader).digest('base64')}'`);

/**
 * `page` with its scripts started only once it has painted (the loader above). The entry script
 * and the preloads come out of the head; the loader at the end of the body starts them, entry's
 * dependencies first. The markup paints without waiting for, or sharing the network or the main
 * thread with, the JavaScript that hydrates it. Until the app has hydrated the page
 * (`data-hydrated` on `<html>`), its links work and its buttons do not yet.
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
  const modules = JSON.stringify(urls).replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/>/g, '&gt;');
  const script = `<script data-modules='${modules}'>${loader}</script>`;
  return page.replace(entry[0], '').replace(preload, '').replace('</body>', `${script}</body>`);
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
      // The server writes the instant of its render in place of mandir:rendered-at (page_head::frame::fill).
      .replace(marker, '<div id="root" data-rendered-with-data data-rendered-at="mandir:rendered-at"><!--mandir:markup--></div>'),
  );
  fs.writeFileSync(path.join(dist, 'prerender', `${name}.frame.html`), frame);
  console.log(`prerendered ${url} -> dist/prerender/${name}.html (${(page.length / 1024).toFixed(1)} KB)`);
}
fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
