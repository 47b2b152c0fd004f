// `just lighthouse`: Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) in Debian's
// Chromium against a freshly started release server with the demo data, on every public page.
// Prints one row per page (the median of LIGHTHOUSE_RUNS runs by performance score, default 3) and
// exits 1 when a page misses a budget of docs/architecture.md#budgets.
//
// Environment: MANDIR_BINARY (default target/release/mandir), MANDIR_STATIC_DIR (default
// frontend/dist), CHROME_PATH (default /usr/bin/chromium),
// LIGHTHOUSE_RUNS, LIGHTHOUSE_KEEP=1 keeps the temp dir with the reports and server.log,
// LIGHTHOUSE_PAGES=/,/events/{id} measures only the pages listed; LIGHTHOUSE_LANGS=en,te measures
// only those languages (default all five: each page also as `?lang=te` and so on, ADR 0149).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const binary = process.env.MANDIR_BINARY ?? path.join(root, 'target', 'release', 'mandir');
const staticDir = process.env.MANDIR_STATIC_DIR ?? path.join(root, 'frontend', 'dist');
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const lighthouseCli = path.join(import.meta.dirname, 'node_modules', 'lighthouse', 'cli', 'index.js');

/** Budgets (docs/architecture.md#budgets), mobile preset. */
const BUDGET = { performance: 95, accessibility: 100, fcp: 1500, lcp: 2000, tbt: 100, cls: 0.05 };
/**
 * A page in an Indian script paints with its script's Noto font (14 to 50 KB a weight, ADR 0149),
 * which the mobile preset's slow 4G puts before the first paint: its first and largest paints get
 * 2.5 s; every other budget is the same.
 */
const SCRIPT_PAINTS = { fcp: 2500, lcp: 2500 };

for (const [what, file] of [['the server', binary], ['Chromium', chrome]]) {
  if (!fs.existsSync(file)) {
    console.error(`${what} is missing: ${file}`);
    process.exit(1);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url, deadlineMs) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${deadlineMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mandir-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  MANDIR_DATABASE_URL: `sqlite://${tmp}/lighthouse.db?mode=rwc`,
  MANDIR_BIND: `127.0.0.1:${port}`,
  MANDIR_PUBLIC_URL: base,
  MANDIR_DATA_DIR: tmp,
  MANDIR_MAIL_OUTBOX: path.join(tmp, 'outbox'),
  MANDIR_STATIC_DIR: staticDir,
  RUST_LOG: 'warn',
};

const seeded = spawnSync(binary, ['seed-demo'], { env, encoding: 'utf8' });
if (seeded.status !== 0) {
  console.error(`mandir seed-demo failed:\n${seeded.stdout}${seeded.stderr}`);
  process.exit(1);
}

const log = fs.openSync(path.join(tmp, 'server.log'), 'w');
const server = spawn(binary, ['serve'], { env, stdio: ['ignore', log, log] });
let failed = false;
try {
  await waitFor(`${base}/api/health`, 60_000);
  // Every declared public page (frontend/src/app/public-pages.json); a page with an id is measured
  // with the first item of its `example` list in the demo data.
  const declared = JSON.parse(fs.readFileSync(path.join(root, 'frontend', 'src', 'app', 'public-pages.json'), 'utf8')).pages;
  const all = [];
  for (const page of declared) {
    if (!page.path.includes(':id')) {
      all.push({ pattern: page.path, url: page.path });
      continue;
    }
    const answer = await (await fetch(`${base}${page.example}`)).json();
    const list = Array.isArray(answer) ? answer : (answer.items ?? []);
    if (list.length === 0) throw new Error(`the demo data has nothing at ${page.example} for ${page.path}`);
    all.push({ pattern: page.path.replace(':id', '{id}'), url: page.path.replace(':id', list[0].id) });
  }
  // LIGHTHOUSE_PAGES=/,/events/{id} measures only those pages (while working on one of them).
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
  const langs = (process.env.LIGHTHOUSE_LANGS ?? 'en,te,ta,hi,kn').split(',').map((l) => l.trim());
  // Each page in each language: the server renders it in the language of its `?lang=`.
  const pages = (only ? all.filter((p) => only.includes(p.pattern)) : all).flatMap((p) =>
    langs.map((lang) =>
      lang === 'en'
        ? { ...p, paints: BUDGET }
        : { pattern: `${p.pattern} (${lang})`, url: `${p.url}${p.url.includes('?') ? '&' : '?'}lang=${lang}`, paints: SCRIPT_PAINTS },
    ),
  );

  const rows = [];
  for (const { pattern, url: page, paints } of pages) {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      const out = path.join(tmp, `${page.replace(/\W+/g, '_') || 'home'}-${i}.json`);
      const lh = spawnSync(
        process.execPath,
        [
          lighthouseCli,
          `${base}${page}`,
          `--chrome-path=${chrome}`,
          '--chrome-flags=--headless --no-sandbox --disable-gpu',
          '--only-categories=performance,accessibility',
          '--output=json',
          `--output-path=${out}`,
          '--quiet',
        ],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      );
      if (lh.status !== 0) throw new Error(`lighthouse failed on ${page}:\n${lh.stdout}${lh.stderr}`);
      const report = JSON.parse(fs.readFileSync(out, 'utf8'));
      const audit = (id) => report.audits[id]?.numericValue ?? NaN;
      results.push({
        performance: Math.round(report.categories.performance.score * 100),
        accessibility: Math.round(report.categories.accessibility.score * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      });
    }
    results.sort((a, b) => a.performance - b.performance);
    const median = results[Math.floor(results.length / 2)];
    const misses = [];
    if (median.performance < BUDGET.performance) misses.push('performance');
    if (median.accessibility < BUDGET.accessibility) misses.push('accessibility');
    if (!(median.fcp < paints.fcp)) misses.push('FCP');
    if (!(median.lcp < paints.lcp)) misses.push('LCP');
    if (!(median.tbt < BUDGET.tbt)) misses.push('TBT');
    if (!(median.cls < BUDGET.cls)) misses.push('CLS');
    rows.push({ page: pattern, ...median, misses });
    if (misses.length) failed = true;
  }

  const lighthouseVersion = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
  ).version;
  const chromeVersion = spawnSync(chrome, ['--version'], { encoding: 'utf8' }).stdout.trim();
  console.log(`Lighthouse ${lighthouseVersion}, mobile preset, ${chromeVersion}, median of ${runs} run(s)\n`);
  console.log('| page | performance | accessibility | FCP | LCP | TBT | CLS | budget |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${(r.fcp / 1000).toFixed(1)} s | ${(r.lcp / 1000).toFixed(1)} s | ` +
        `${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.misses.length ? `missed: ${r.misses.join(', ')}` : 'ok'} |`,
    );
  }
  console.log(
    `\nBudgets: performance >= ${BUDGET.performance}, accessibility = ${BUDGET.accessibility}, FCP < ${BUDGET.fcp / 1000} s, ` +
      `LCP < ${BUDGET.lcp / 1000} s (in an Indian script FCP and LCP < ${SCRIPT_PAINTS.fcp / 1000} s), TBT < ${BUDGET.tbt} ms, CLS < ${BUDGET.cls}`,
  );
} catch (err) {
  console.error(String(err?.stack ?? err));
  console.error(`server log: ${path.join(tmp, 'server.log')}`);
  failed = true;
  process.env.LIGHTHOUSE_KEEP = '1';
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  fs.closeSync(log);
  if (process.env.LIGHTHOUSE_KEEP === '1') console.error(`kept ${tmp}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
