import { test, expect } from '../support/fixtures';
import type { Page } from '@playwright/test';

/** Relative luminance of the page background (0 black .. 1 white). */
async function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const pick = (el: Element | null): string => {
      for (let e = el; e; e = e.parentElement) {
        const c = getComputedStyle(e).backgroundColor;
        if (c && c !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(c)) return c;
      }
      return getComputedStyle(document.documentElement).backgroundColor;
    };
    const color = pick(document.querySelector('main'));
    const [r, g, b] = (color.match(/\d+(\.\d+)?/g) ?? ['255', '255', '255']).slice(0, 3).map(Number);
    const lin = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  });
}

test('the theme defaults to light; dark persists across reload under vite-ui-theme', async ({ page }) => {
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await backgroundLuminance(page)).toBeGreaterThan(0.6);

  await page.getByRole('button', { name: /theme/i }).click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('vite-ui-theme'))).toBe('dark');
  await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.1);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('vite-ui-theme'))).toBe('dark');
  await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.1);
  await expect(page.getByRole('button', { name: /theme/i })).toHaveAccessibleName(/dark/i);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.1);

  // System follows the operating system's preference.
  await page.getByRole('button', { name: /theme/i }).click();
  await page.getByRole('menuitem', { name: 'System' }).click();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('vite-ui-theme'))).toBe('system');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => backgroundLuminance(page)).toBeGreaterThan(0.6);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.1);

  // And back to light.
  await page.getByRole('button', { name: /theme/i }).click();
  await page.getByRole('menuitem', { name: 'Light' }).click();
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('vite-ui-theme'))).toBe('light');
  await expect.poll(() => backgroundLuminance(page)).toBeGreaterThan(0.6);
});
