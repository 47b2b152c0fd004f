/**
 * The suite's `test`: points the browser at the server from global setup, signs users in by
 * their API token, and on failure saves extra screenshots (also at phone width) and the page's
 * console errors next to Playwright's own failure screenshot under test-results/.
 */
import { test as base, chromium, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { fakeCameraArgs } from './camera';
import { CHROMIUM_ARGS, CHROMIUM_PATH, baseURL } from './env';
import type { Session } from './api';

type Fixtures = {
  /** Puts `session.token` under localStorage 'authToken' before the app starts (once per tab). */
  signInAs: (session: Pick<Session, 'token'>, page?: Page) => Promise<void>;
  failureArtifacts: void;
  hermetic: void;
  /** A second browser window (its own context: storage, cookies), optionally signed in. */
  openWindow: (session?: Pick<Session, 'token'>) => Promise<Page>;
  /**
   * A window of another Chromium whose camera shows the Y4M video at `video` (support/camera.ts),
   * signed in as `session`, at `viewport` (the test's own by default).
   */
  openCameraWindow: (session: Pick<Session, 'token'>, video: string, viewport?: { width: number; height: number }) => Promise<Page>;
};

async function refuseThirdParties(context: BrowserContext) {
  const local = new URL(baseURL()).host;
  await context.route(
    (url) => url.host !== local && (url.protocol === 'http:' || url.protocol === 'https:'),
    (route) => route.abort('internetdisconnected'),
  );
}

/**
 * Makes `page.goto` and `page.reload` of `context`'s pages return only once the app has taken over
 * the loaded page (`data-hydrated` on `<html>`, set by the frontend's `useMarkHydrated`). A public
 * page paints from its HTML and starts its scripts after that paint (ADR 0120), so its `load` event
 * can come before its menus and buttons work; a person waits for the page, the tests wait for this.
 * A load that is not the app (a file, an API answer) has no `#root` and returns as before.
 */
function waitForTheAppAfterLoads(context: BrowserContext) {
  const patch = (page: Page) => {
    const ready = async () => {
      if (page.isClosed() || (await page.locator('#root').count()) === 0) return;
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await ready();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await ready();
      return response;
    };
  };
  context.pages().forEach(patch);
  context.on('page', patch);
}

async function putToken(target: Page | BrowserContext, token: string) {
  await target.addInitScript((t: string) => {
    if (!window.sessionStorage.getItem('e2e-signed-in')) {
      window.localStorage.setItem('authToken', t);
      window.sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, token);
}

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => {
    await use(baseURL());
  },

  context: async ({ context }, use) => {
    waitForTheAppAfterLoads(context);
    await use(context);
  },

  signInAs: async ({ page }, use) => {
    await use(async (session, target = page) => {
      await putToken(target, session.token);
    });
  },

  // Hermetic: third parties (video, map, avatars, Stripe) are refused, as on an offline CI machine;
  // the product must degrade gracefully (docs/architecture.md#third-parties).
  hermetic: [
    async ({ context }, use) => {
      await refuseThirdParties(context);
      await use();
    },
    { auto: true },
  ],

  openWindow: async ({ browser, contextOptions, viewport }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    await use(async (session) => {
      const context = await browser.newContext({ ...contextOptions, viewport, baseURL: baseURL() });
      contexts.push(context);
      waitForTheAppAfterLoads(context);
      await refuseThirdParties(context);
      if (session) await putToken(context, session.token);
      return context.newPage();
    });
    for (const [i, context] of contexts.entries()) {
      if (testInfo.status !== testInfo.expectedStatus) {
        for (const [j, p] of context.pages().entries()) {
          await p.screenshot({ path: testInfo.outputPath(`failure-window-${i + 1}-${j + 1}.png`), fullPage: true, timeout: 5_000 }).catch(() => {});
        }
      }
      await context.close();
    }
  },

  openCameraWindow: async ({ contextOptions, viewport }, use, testInfo) => {
    const browsers: Browser[] = [];
    await use(async (session, video, size) => {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...fakeCameraArgs(video)] });
      browsers.push(browser);
      const context = await browser.newContext({ ...contextOptions, viewport: size ?? viewport, baseURL: baseURL() });
      waitForTheAppAfterLoads(context);
      await refuseThirdParties(context);
      await putToken(context, session.token);
      return context.newPage();
    });
    for (const [i, browser] of browsers.entries()) {
      if (testInfo.status !== testInfo.expectedStatus) {
        for (const [j, p] of browser.contexts().flatMap((c) => c.pages()).entries()) {
          await p.screenshot({ path: testInfo.outputPath(`failure-camera-${i + 1}-${j + 1}.png`), fullPage: true, timeout: 5_000 }).catch(() => {});
        }
      }
      await browser.close();
    }
  },

  failureArtifacts: [
    async ({ page }, use, testInfo) => {
      const problems: string[] = [];
      page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
      });
      await use();
      if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
        try {
          await page.screenshot({ path: testInfo.outputPath('failure-full-page.png'), fullPage: true, timeout: 5_000 });
          const size = page.viewportSize();
          if (size && size.width !== 390) {
            await page.setViewportSize({ width: 390, height: 844 });
            await page.screenshot({ path: testInfo.outputPath('failure-phone-390.png'), fullPage: true, timeout: 5_000 });
            await page.setViewportSize(size);
          }
        } catch {
          // the page may be gone; Playwright's own screenshot still exists
        }
        if (problems.length) await testInfo.attach('browser-console', { body: problems.join('\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});

export { expect };
