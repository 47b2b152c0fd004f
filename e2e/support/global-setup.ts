import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, openSync, rmSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FullConfig } from '@playwright/test';
import { ensureTempleContent } from './api';
import { ADMIN } from './env';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`mandir exited with ${child.exitCode} before it was healthy:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`mandir did not answer GET /api/health within ${timeoutMs} ms:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
}

/** Starts `target/debug/mandir serve` on a fresh database and a free port; returns the teardown. */
export default async function globalSetup(_config: FullConfig) {
  const binary = process.env.MANDIR_E2E_BINARY ?? path.join(repo, 'target', 'debug', 'mandir');
  const staticDir = process.env.MANDIR_E2E_STATIC_DIR ?? path.join(repo, 'frontend', 'dist');
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run \`cargo build -p mandir-server\` first`);
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error(`${staticDir}/index.html is missing: run \`npm run build\` in frontend/ first`);
  }

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'mandir-e2e-'));
  const outbox = path.join(tmp, 'outbox');
  mkdirSync(outbox, { recursive: true });
  // Text messages (ADR 0148) go to the development folder provider: one `.txt` file each.
  const texts = path.join(tmp, 'texts');
  mkdirSync(texts, { recursive: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MANDIR_DATABASE_URL: `sqlite://${tmp}/e2e.db?mode=rwc`,
    MANDIR_BIND: `127.0.0.1:${port}`,
    MANDIR_STATIC_DIR: staticDir,
    MANDIR_MAIL_OUTBOX: outbox,
    MANDIR_TEXT_PROVIDER: 'folder',
    MANDIR_TEXT_OUTBOX: texts,
    MANDIR_DATA_DIR: tmp,
    MANDIR_PUBLIC_URL: baseURL,
    MANDIR_LOG: process.env.MANDIR_LOG ?? 'warn',
    // Every browser test comes from 127.0.0.1: the abuse limits (per address) are scaled up
    // so only a journey that means to meet them does (docs/deploy.md, "Abuse limits": MANDIR_RATE_LIMIT_SCALE).
    MANDIR_RATE_LIMIT_SCALE: process.env.MANDIR_RATE_LIMIT_SCALE ?? '1000',
    // Star-day reminders are looked for every 2 s (hourly in production), so the journey that asks
    // for one sees it arrive.
    MANDIR_JOB_QUEUE_STAR_REMINDERS_SECONDS: '2',
  };
  // Settings of the developer's shell must not leak into the run.
  for (const key of ['MANDIR_SMTP_URL', 'MANDIR_ENV', 'MANDIR_JWT_SECRET', 'MANDIR_PAYMENT_PROVIDER', 'MANDIR_TEMPLE_NAME', 'MANDIR_TRUST_PROXY']) {
    delete env[key];
  }

  // Migrations run in create-admin too; the admin exists before the first test.
  await promisify(execFile)(binary, ['create-admin', '--email', ADMIN.email, '--password', ADMIN.password,
    '--first-name', ADMIN.firstName, '--last-name', ADMIN.lastName], { env, cwd: tmp });

  const logFile = path.join(tmp, 'server.log');
  const log = openSync(logFile, 'a');
  const child = spawn(binary, ['serve'], { env, cwd: tmp, stdio: ['ignore', log, log] });
  // If the runner dies without teardown, do not leave the server behind.
  const killChild = () => { if (child.exitCode === null) child.kill('SIGTERM'); };
  process.once('exit', killChild);
  try {
    await waitForHealth(baseURL, child, logFile);
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }

  // Read by support/env.ts in the workers (they inherit the runner's environment).
  process.env.MANDIR_E2E_BASE_URL = baseURL;
  process.env.MANDIR_E2E_OUTBOX = outbox;
  process.env.MANDIR_E2E_TEXTS = texts;
  process.env.MANDIR_E2E_TMP = tmp;
  // A new install starts empty; the journeys read the spec's hours, services and a priest.
  try {
    await ensureTempleContent();
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  console.log(`[e2e] mandir ${binary} on ${baseURL}, data in ${tmp}`);

  return async () => {
    process.removeListener('exit', killChild);
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (process.env.MANDIR_E2E_KEEP) {
      console.log(`[e2e] kept ${tmp} (server log: ${logFile})`);
    } else {
      rmSync(tmp, { recursive: true, force: true });
    }
  };
}
