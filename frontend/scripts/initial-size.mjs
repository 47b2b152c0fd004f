// Initial JavaScript of the built app, gzipped (level 9), each file on its own (docs/architecture.md#budgets):
// - the entry: the entry script plus every chunk index.html preloads (its static imports), at most
//   148 KB: 145 KB when last tightened, plus the header's Sevas link and the pages merged since
//   (146.6 KB), plus React DOM in a chunk of its own, so a phone evaluates it in a task of its own
//   (147.2 KB measured, ADR 0120), plus the languages (ADR 0149: the message runtime, the
//   switcher, and the English catalogues of the header, the footer and the home page's line of
//   the panchangam, 152.7 KB measured): 153 KB; the goal is 100 KB (bench/README.md, "Measured");
// - `/` as the server sends it: the prerendered home page (dist/prerender/home.html, ADR 0117),
//   which also preloads the home page's own chunks and the footer's, so it counts everything the
//   page runs before it shows its content; at most 187 KB (185 KB, plus React DOM's own chunk,
//   plus the routes of the cash office's four staff pages: 186.1 KB measured; 186.3 KB with the
//   panchangam's line of today, once the admin area listed no preloads in the entry and the line's
//   three small modules shared one chunk); at most 195 KB with the languages (ADR 0149: 194.0 KB
//   measured, the home page's own catalogues included).
// Run by `just test-frontend` after a build; exits 1 above a budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');

function measure(page, label, budgetKb) {
  const html = fs.readFileSync(path.join(dist, page), 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+rel="modulepreload"/g)) files.add(m[1]);
  // A prerendered page starts its scripts after the first paint, from the inline loader, which
  // reads their list from its `data-modules` attribute (scripts/after-paint-loader.js, ADR 0135).
  for (const list of html.matchAll(/data-modules='([^']*)'/g)) {
    for (const f of JSON.parse(list[1])) files.add(f);
  }
  if (files.size === 0) {
    // Nothing found is a page this script no longer understands, never a page of no JavaScript.
    console.error(`${label}: no script found in ${page}; the way pages list their scripts changed`);
    return false;
  }
  let total = 0;
  for (const f of files) {
    const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length;
    total += gz;
    if (process.env.SIZE_VERBOSE) console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${f}`);
  }
  const ok = total <= budgetKb * 1024;
  if (process.env.SIZE_BYTES) console.log(`${total} of ${budgetKb * 1024} bytes`);
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  ${label}, ${files.size} files, gzipped (budget ${budgetKb} KB)`);
  if (!ok) console.error(`${label} is over its budget: ${(total / 1024).toFixed(1)} KB > ${budgetKb} KB gzipped`);
  return ok;
}

let ok = measure('index.html', 'initial JS: the entry and its preloads', 153);
if (fs.existsSync(path.join(dist, 'prerender', 'home.html'))) {
  ok = measure(path.join('prerender', 'home.html'), 'initial JS of / as sent (prerendered, with its page chunks)', 195) && ok;
} else {
  console.error('dist/prerender/home.html is missing: run `npm run build`');
  ok = false;
}
process.exit(ok ? 0 : 1);
