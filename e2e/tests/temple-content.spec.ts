import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '../support/fixtures';
import { adminSession, api, uid, uniqueEmail } from '../support/api';
import { expectToast, templeDay } from '../support/ui';

// The temple's own content through the browser: first-run setup on an empty database, an admin's
// special closing times and notice that a visitor sees at once, and a notice gone after its end date.

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');


function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

test('first-run setup: an empty database prints a one-time link that creates the admin and the temple', async ({ browser }) => {
  const binary = process.env.MANDIR_E2E_BINARY ?? path.join(repo, 'target', 'debug', 'mandir');
  const staticDir = process.env.MANDIR_E2E_STATIC_DIR ?? path.join(repo, 'frontend', 'dist');
  expect(existsSync(binary)).toBe(true);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'mandir-e2e-setup-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MANDIR_DATABASE_URL: `sqlite://${tmp}/setup.db?mode=rwc`,
    MANDIR_BIND: `127.0.0.1:${port}`,
    MANDIR_STATIC_DIR: staticDir,
    MANDIR_MAIL_OUTBOX: path.join(tmp, 'outbox'),
    MANDIR_DATA_DIR: tmp,
    MANDIR_PUBLIC_URL: base,
    MANDIR_LOG: 'warn',
  };
  for (const key of ['MANDIR_SMTP_URL', 'MANDIR_ENV', 'MANDIR_JWT_SECRET', 'MANDIR_PAYMENT_PROVIDER', 'MANDIR_TEMPLE_NAME']) delete env[key];
  const child = spawn(binary, ['serve'], { env, cwd: tmp, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let out = '';
    const link = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no setup link printed:\n${out}`)), 30_000);
      const read = (chunk: Buffer) => {
        out += chunk.toString();
        const match = out.match(/(http:\/\/127\.0\.0\.1:\d+\/setup\?token=[\w-]+)/);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => reject(new Error(`mandir exited with ${code}:\n${out}`)));
    });

    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    // Without the token the page refuses.
    await page.goto('/setup?token=not-the-token');
    await expect(page.getByText('Setup link not valid')).toBeVisible();

    await page.goto(link);
    await expect(page.getByText("Set up your temple's site")).toBeVisible();
    await page.getByRole('button', { name: 'Create admin and finish setup' }).click();
    await expect(page.getByText(/Temple name must be/).first()).toBeVisible();
    const email = uniqueEmail('first-admin');
    await page.getByLabel('First name').fill('Padma');
    await page.getByLabel('Last name').fill('Iyer');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password').fill('first-admin-pass');
    await page.getByLabel('Temple name').fill('Sri Ganesha Temple of Roseville');
    await page.getByLabel('Address').fill('12 Lotus Lane\nRoseville, CA 95661');
    await page.getByLabel('Phone').fill('(916) 555-0199');
    await page.getByLabel('Temple e-mail').fill('office@ganesha.example.org');
    await page.getByRole('button', { name: 'Create admin and finish setup' }).click();

    // Signed in as the new admin, on Admin → Temple.
    await expect(page).toHaveURL(/\/admin\?tab=temple/);
    await expect(page.getByRole('heading', { name: 'Site settings' })).toBeVisible();

    // The link worked once.
    await page.goto(link);
    await expect(page.getByText('Setup link not valid')).toBeVisible();

    // A visitor sees the temple's own name and contact details, and no placeholder.
    const visitor = await (await browser.newContext({ baseURL: base })).newPage();
    await visitor.goto('/');
    await expect(visitor.getByText('Sri Ganesha Temple of Roseville').first()).toBeVisible();
    await visitor.goto('/contact');
    await expect(visitor.getByText('(916) 555-0199').first()).toBeVisible();
    await expect(visitor.getByText('office@ganesha.example.org').first()).toBeVisible();
    await expect(visitor.getByText('12 Lotus Lane').first()).toBeVisible();
    await expect(visitor.getByText('1000 Temple Way')).toHaveCount(0);
  } finally {
    child.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('an admin adds special closing times and a notice; a visitor sees both on the home page at once', async ({ page, browser, signInAs }) => {
  const tag = uid();
  const closing = `Closed at 6 PM on ${tag} for the temple's anniversary preparations`;
  const title = `Parking moves to the community center ${tag}`;
  await signInAs(await adminSession());
  await page.goto('/admin?tab=temple');
  const closingField = page.getByLabel('Special closing times');
  await closingField.fill(closing);
  await page.getByRole('button', { name: 'Save site settings' }).click();
  await expectToast(page, 'Site settings saved');

  await page.getByRole('button', { name: 'Add notice' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Text').fill('Use the community center lot this weekend.');
  await dialog.getByLabel(/Link/).fill('/events');
  await dialog.getByRole('button', { name: 'Add notice' }).click();
  await expectToast(page, 'Notice created successfully', title);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const notices = visitor.getByRole('region', { name: 'Notices' });
  await expect(notices.getByText(title)).toBeVisible();
  await expect(visitor.getByText(closing)).toBeVisible();
  // The default hours (docs/product.md#temple-hours) stay as they were.
  await expect(visitor.getByText('9:30 AM - 11:30 AM').first()).toBeVisible();
});

test('a notice is gone after its end date and not shown before its start date', async ({ page }) => {
  const admin = await adminSession();
  const tag = uid();
  const body = (title: string, startsOn: string, endsOn: string) => ({ title, body: '', link: null, startsOn, endsOn });
  const ended = `Lunar eclipse closing ${tag}`;
  const future = `Brahmotsavam dates ${tag}`;
  const current = `Festival parking ${tag}`;
  await api('POST', '/api/admin/notices', { token: admin.token, body: body(ended, templeDay(-10), templeDay(-1)) });
  await api('POST', '/api/admin/notices', { token: admin.token, body: body(future, templeDay(2), templeDay(9)) });
  await api('POST', '/api/admin/notices', { token: admin.token, body: body(current, templeDay(0), templeDay(0)) });

  await page.goto('/');
  const notices = page.getByRole('region', { name: 'Notices' });
  await expect(notices.getByText(current)).toBeVisible();
  await expect(page.getByText(ended)).toHaveCount(0);
  await expect(page.getByText(future)).toHaveCount(0);
});
