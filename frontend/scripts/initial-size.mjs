// Initial JavaScript of the built app: the entry script plus every chunk index.html preloads
// (its static imports), gzipped (level 9). Budget (DESIGN.md): under 150 KB.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = new Set();
for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1]);
for (const m of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+rel="modulepreload"/g)) files.add(m[1]);

let total = 0;
for (const f of files) {
  const buf = fs.readFileSync(path.join(dist, f));
  const gz = zlib.gzipSync(buf, { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${f}`);
}
const budget = 150 * 1024;
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  initial JS gzipped (budget 150 KB)`);
process.exit(total <= budget ? 0 : 1);
