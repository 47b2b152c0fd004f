import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { adminSession, api, createEvent, newMember } from '../support/api';

// docs/decisions/0117-prerendered-public-pages.md and 0120-public-pages-rendered-per-request.md:
// public pages arrive with their markup, data and CSS, paint without JavaScript, and hydrate without
// a mismatch, in light and dark mode.

/** The declared public pages (frontend/src/app/public-pages.json) without an id; the event's page is added with one. */
const DECLARED: { path: string }[] = JSON.parse(
  fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'frontend', 'src', 'app', 'public-pages.json'), 'utf8'),
).pages;
const PAGES = DECLARED.map((p) => p.path).filter((p) => !p.includes(':'));

/** The General fund, which always exists: opened at /funds/:id. */
const GENERAL_FUND = '/funds/00000000-0000-4000-8000-00000000f00d';

/** A seva to open at /sevas/:id, bookable every day. */
async function createSeva(name: string): Promise<{ id: string; name: string }> {
  const admin = await adminSession();
  return api('POST', '/api/sevas', {
    token: admin.token,
    body: {
      name, category: 'temple', priceCents: 1100, priceKind: 'fixed', durationMinutes: 15,
      weekdays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
      capacityMode: 'slots', slots: [{ time: '09:00', capacity: 5 }], horizonDays: 60, cutoffHours: 12,
    },
  });
}

/** Console errors and warnings that point at hydration (React reports mismatches as errors). */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    const text = msg.text();
    if (msg.type() === 'error' || /hydrat/i.test(text)) problems.push(`${msg.type()}: ${text}`);
  });
  return problems;
}

test('public pages come as styled markup that paints without JavaScript', async ({ browser, baseURL }) => {
  const event = await createEvent({ name: `Prerendered Utsavam ${Date.now()}`, location: 'Rendered Hall' });
  const config = await api<{ templeName: string }>('GET', '/api/config');
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const seva = await createSeva(`Prerendered Archana ${Date.now()}`);
    expect(DECLARED.filter((p) => p.path.includes(':')).map((p) => p.path)).toEqual(['/events/:id', '/sevas/:id', '/funds/:id']);
    for (const path of [...PAGES, `/events/${event.id}`, `/sevas/${seva.id}`, GENERAL_FUND]) {
      await page.goto(path);
      // The header and its Donate button, laid out and styled by the prerendered CSS.
      const donate = page.getByRole('banner').getByRole('link', { name: 'Donate' });
      await expect(donate, path).toBeVisible();
      const color = await donate.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(color, path).toBe('rgb(154, 52, 18)');
      // The page's own main heading is in the markup as served, before any script.
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    }
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    // Not usable before hydration (an inert fieldset): nothing takes focus or typing, so the
    // browser cannot submit the fields itself (into the URL).
    await expect(page.locator('fieldset[inert]').getByRole('button', { name: 'Sign In' })).toHaveCount(1);
    await page.getByLabel('Email').focus();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    await page.goto('/donate');
    await expect(page.getByRole('heading', { name: 'Make a Donation' })).toBeVisible();
    // Rendered per request with the page's data: the temple's name, the events, the event itself.
    await page.goto(`/events/${event.id}`);
    await expect(page).toHaveTitle(new RegExp(event.name));
    await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
    await expect(page.getByText('Rendered Hall').first()).toBeVisible();
    await expect(page.getByRole('banner').getByText(config.templeName)).toBeVisible();
    await page.goto('/events');
    await expect(page.getByText(event.name).first()).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The month's days and the year's festivals are in the markup.
    await page.goto('/panchangam?month=2026-11');
    await expect(page.getByRole('heading', { level: 1, name: 'Panchangam' })).toBeVisible();
    await expect(page.getByText('Diwali (Lakshmi Puja)').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add the festivals to your calendar' })).toHaveAttribute('href', '/api/panchangam/festivals.ics');
    // A fund's progress is in the markup, with its data.
    await page.goto(GENERAL_FUND);
    await expect(page.getByRole('heading', { level: 1, name: 'General' })).toBeVisible();
    await expect(page.getByText(/raised · \d+ donors?$/).first()).toBeVisible();
  } finally {
    await context.close();
  }
});

/**
 * A page whose scripts have not arrived (on a slow phone; here they never will). Its own context:
 * the suite's `page.goto` waits for the app to take over the page, which never happens here.
 */
async function pageWithoutScripts(browser: Browser, baseURL: string | undefined): Promise<{ page: Page; done: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.route('**/assets/**', (route) => route.abort());
  return { page, done: () => context.close() };
}

test('before its scripts run, an event page adds to a calendar by its link and says Share is not ready', async ({ browser, baseURL }) => {
  const event = await createEvent({ name: `Unscripted Utsavam ${Date.now()}`, location: 'Link Hall' });
  const { page, done } = await pageWithoutScripts(browser, baseURL);
  try {
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);

    // "Add to calendar" is a link to the event's calendar file, which the server answers.
    const calendar = page.getByRole('link', { name: 'Add to calendar' });
    await expect(calendar).toHaveAttribute('href', `/api/events/${event.id}/event.ics`);
    const answer = await page.request.get(`${baseURL}${await calendar.getAttribute('href')}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await answer.text()).toContain(`UID:event-${event.id}@`);
    // Tapped, it downloads that file, with no script.
    const download = page.waitForEvent('download');
    await calendar.click();
    expect((await download).suggestedFilename()).toBe('event.ics');

    // Share needs the scripts: it says it is loading, and cannot be pressed yet.
    const share = page.getByRole('button', { name: /^Share/ });
    await expect(share).toHaveAccessibleName('Share, loading…');
    await expect(share).toHaveText('Loading…');
    await expect(share).toBeDisabled();
    await expect(share).toHaveAttribute('aria-disabled', 'true');
  } finally {
    await done();
  }
});

test('before its scripts run, a form is inert under a visible "Loading…" status', async ({ browser, baseURL }) => {
  const { page, done } = await pageWithoutScripts(browser, baseURL);
  try {
    for (const path of ['/sign-in', '/sign-up', '/donate']) {
      await page.goto(path);
      const form = page.locator('fieldset[inert]');
      await expect(form, path).toHaveCount(1);
      const status = page.getByRole('status').filter({ hasText: 'Loading…' });
      await expect(status, path).toBeVisible();
      // The status lies over the form: a tap lands on it, not on a control that would do nothing.
      const submit = form.getByRole('button').last();
      await submit.scrollIntoViewIfNeeded();
      const box = await submit.boundingBox();
      expect(box, path).not.toBeNull();
      const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="status"]') !== null, {
        x: box!.x + box!.width / 2,
        y: box!.y + box!.height / 2,
      });
      expect(hit, path).toBe(true);
    }
  } finally {
    await done();
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`public pages hydrate without a mismatch (${scheme})`, async ({ page }) => {
    const event = await createEvent({ name: `Hydrated Utsavam ${Date.now()}` });
    const config = await api<{ templeName: string }>('GET', '/api/config');
    await page.addInitScript((mode) => {
      if (window.location.origin !== 'null') window.localStorage.setItem('vite-ui-theme', mode);
    }, scheme);
    const seva = await createSeva(`Hydrated Archana ${Date.now()}`);
    const problems = watchHydration(page);
    for (const path of [...PAGES, `/events/${event.id}`, `/sevas/${seva.id}`, GENERAL_FUND]) {
      const requests: string[] = [];
      const onRequest = (req: { url: () => string }) => {
        if (new URL(req.url()).pathname.startsWith('/api/')) requests.push(new URL(req.url()).pathname);
      };
      page.on('request', onRequest);
      await page.goto(path);
      await expect(page.locator('html'), path).toHaveClass(new RegExp(scheme));
      // Hydrated: the header shows the temple's name from the data block, and links are live.
      await expect(page.getByRole('banner').getByText(config.templeName), path).toBeVisible();
      await expect(page.getByRole('button', { name: /Change theme/ }), path).toHaveAccessibleName(new RegExp(`Theme: ${scheme}`));
      page.off('request', onRequest);
      // What the data block holds is never fetched again to show the page.
      for (const seeded of ['/api/config', '/api/site']) expect(requests, path).not.toContain(seeded);
    }
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await page.getByRole('banner').getByRole('link', { name: 'Donate' }).click();
    await expect(page).toHaveURL(/\/donate$/);
    await expect(page.getByRole('heading', { name: 'Make a Donation' })).toBeVisible();
    expect(problems).toEqual([]);
  });
}

test('a signed-in member on the prerendered sign-in page is sent on', async ({ page, signInAs }) => {
  const member = await newMember();
  await signInAs(member);
  await page.goto('/sign-in?redirect=/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
});
