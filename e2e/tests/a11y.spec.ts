import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { adminSession, createEvent, ensureTempleContent, newMember, registerForEvent, type Session } from '../support/api';
import { controlsThatOnlyLookDisabled, expectSettled } from '../support/ui';
import type { Page } from '@playwright/test';

// axe-core on every route, in the light and the dark theme: no serious or critical violations,
// once the page's data has settled and again while it is still loading.

type Who = 'visitor' | 'member' | 'admin';
type Route = { path: string | ((eventId: string) => string); who: Who; ready: (page: Page) => Promise<void> };

const h1 = (name?: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, ...(name ? { name } : {}) }).first()).toBeVisible();
};

const routes: Record<string, Route> = {
  home: { path: '/', who: 'visitor', ready: async (page) => {
    await ensureTempleContent();
    await page.reload();
    await h1(/Welcome to/)(page);
    await expect(page.getByRole('heading', { name: 'Our Temple Priests' })).toBeVisible();
  } },
  'home (signed in)': { path: '/', who: 'member', ready: h1(/Welcome to/) },
  events: { path: () => '/events', who: 'visitor', ready: async (page) => {
    await h1()(page);
    await expect(page.getByRole('link', { name: /View Details/ }).first()).toBeVisible();
  } },
  'events (admin)': { path: '/events', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Create Event' })).toBeVisible();
  } },
  'event detail': { path: (id) => `/events/${id}`, who: 'visitor', ready: async (page) => {
    await expect(page.getByRole('link', { name: 'Sign In to Register' })).toBeVisible();
  } },
  'event detail (member)': { path: (id) => `/events/${id}`, who: 'member', ready: async (page) => {
    await expect(page.getByRole('button', { name: /Register Now|Join Event/ })).toBeVisible();
  } },
  'event detail (admin)': { path: (id) => `/events/${id}`, who: 'admin', ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(page.getByText('Volunteer Management')).toBeVisible();
  } },
  'event not found': { path: '/events/00000000-0000-4000-8000-000000000000', who: 'visitor', ready: async (page) => {
    await expect(page.getByText('Event not found')).toBeVisible();
  } },
  // Prerendered forms stay disabled (greyed) until hydrated: check them once they are usable.
  'sign-in': { path: '/sign-in', who: 'visitor', ready: async (page) => {
    await expect(page.getByText('Welcome Back')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  } },
  'sign-up': { path: '/sign-up', who: 'visitor', ready: async (page) => {
    await expect(page.getByText('Create an Account')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  } },
  'forgot-password': { path: '/forgot-password', who: 'visitor', ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  } },
  'reset-password (no token)': { path: '/reset-password', who: 'visitor', ready: async (page) => {
    await expect(page.getByText('Invalid Reset Link')).toBeVisible();
  } },
  'reset-password': { path: '/reset-password?token=abc', who: 'visitor', ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeVisible();
  } },
  profile: { path: '/profile', who: 'member', ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  } },
  dashboard: { path: '/dashboard', who: 'member', ready: h1('Dashboard') },
  admin: { path: '/admin', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('tab', { name: 'User Management' })).toBeVisible();
  } },
  'admin donation types': { path: '/admin?tab=donation-types', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('table').first()).toBeVisible();
  } },
  'admin payment settings': { path: '/admin?tab=payment-settings', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('table').first()).toBeVisible();
  } },
  donate: { path: '/donate', who: 'visitor', ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  } },
  'payment-confirmation': { path: '/payment-confirmation?redirect_status=succeeded', who: 'visitor', ready: async (page) => {
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  } },
  'test-payment': { path: '/test-payment', who: 'member', ready: async (page) => {
    await h1()(page);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  } },
  'not found': { path: '/no-such-page', who: 'visitor', ready: async (page) => {
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  } },
};

test.use({ reducedMotion: 'reduce' });

for (const [label, route] of Object.entries(routes)) {
  test(`accessibility: ${label}`, async ({ page, signInAs }, testInfo) => {
    let session: Session | null = null;
    let eventId = '';
    if (route.who === 'admin') session = await adminSession();
    if (route.who === 'member') session = await newMember();
    if (typeof route.path === 'function') {
      const event = await createEvent({ name: `A11y ${label} ${Date.now()}`, capacity: 50 });
      eventId = event.id;
      if (route.who === 'admin') {
        const m = await newMember();
        await registerForEvent(m.token, event.id, 1).catch(() => undefined);
      }
    }
    if (session) await signInAs(session);
    const path = typeof route.path === 'function' ? route.path(eventId) : route.path;

    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.addInitScript((t) => window.localStorage.setItem('vite-ui-theme', t), theme);
      await page.goto(path);
      await route.ready(page);
      // Every request answered and drawn: no busy region, skeleton or spinner left.
      await expectSettled(page);
      problems.push(...(await axeProblems(page, theme)));
      if (problems.length) await page.screenshot({ path: testInfo.outputPath(`axe-${theme}.png`), fullPage: true });
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test(`accessibility: ${label} while its data is still loading`, async ({ page, signInAs }, testInfo) => {
    // Every API request is held unanswered, so the page shows its loading states (the session
    // check included, for a signed-in visitor) and axe sees those.
    await page.route('**/api/**', () => undefined);
    if (route.who !== 'visitor') await signInAs({ token: 'a-token-whose-check-never-answers' });
    const path = typeof route.path === 'function' ? route.path('00000000-0000-4000-8000-000000000011') : route.path;
    const problems: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await page.addInitScript((t) => window.localStorage.setItem('vite-ui-theme', t), theme);
      await page.goto(path);
      problems.push(...(await axeProblems(page, theme)));
      if (problems.length) await page.screenshot({ path: testInfo.outputPath(`axe-loading-${theme}.png`), fullPage: true });
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

/** axe's serious and critical findings, and every control that looks disabled without being so. */
async function axeProblems(page: Page, theme: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const problems = bad.map(
    (v) =>
      `[${theme}] ${v.impact} ${v.id}: ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(0, 2).join(' ')}`)
        .join('\n')}`,
  );
  for (const control of await controlsThatOnlyLookDisabled(page)) {
    problems.push(`[${theme}] ${control} looks disabled but is not disabled for assistive technology`);
  }
  return problems;
}
