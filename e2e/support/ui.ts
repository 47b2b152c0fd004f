/** Small page helpers shared by the journeys. */
import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

const TZ = 'America/Los_Angeles';
const clean = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

/** The temple's local date `days` from today, "YYYY-MM-DD". */
export function templeDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** 'MMM dd, yyyy' in the temple's zone, e.g. "Dec 05, 2026". */
export function templeDate(iso: string): string {
  return clean(new Intl.DateTimeFormat('en-US', { timeZone: TZ, month: 'short', day: '2-digit', year: 'numeric' }).format(new Date(iso)));
}

/** 'h:mm a' in the temple's zone, e.g. "6:30 PM". */
export function templeTime(iso: string): string {
  return clean(new Intl.DateTimeFormat('en-US', { timeZone: TZ, hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(iso)));
}

/** Long date in the temple's zone, e.g. "Saturday, December 5, 2026". */
export function templeLongDate(iso: string): string {
  return clean(new Intl.DateTimeFormat('en-US', { timeZone: TZ, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso)));
}

/** A `datetime-local` value (temple time) `days` from now at hh:mm. */
export function templeInputValue(days: number, hh = 10, mm = 0): { input: string } {
  const d = new Date(Date.now() + days * 86_400_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return { input: `${parts.year}-${parts.month}-${parts.day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}` };
}

/**
 * The toast (snackbar) with this title, and optionally this description. Title and description
 * are matched by one locator, so a toast that a later one replaces (only one shows at a time)
 * cannot pass the first check and vanish before the second.
 */
export async function expectToast(page: Page, title: string | RegExp, description?: string | RegExp): Promise<Locator> {
  let toast = page.locator('.MuiSnackbar-root').filter({ hasText: title });
  if (description) toast = toast.filter({ hasText: description });
  await expect(toast.first()).toBeVisible();
  return toast.first();
}

/** Picks an option of a (MUI or native) select by its label. */
export async function choose(page: Page, scope: Page | Locator, label: string | RegExp, option: string | RegExp) {
  const field = scope.getByLabel(label);
  const tag = await field.first().evaluate((el) => el.tagName.toLowerCase());
  if (tag === 'select') {
    const value = typeof option === 'string' ? { label: option } : undefined;
    if (value) await field.first().selectOption(value);
    else {
      const opts = await field.first().locator('option').allTextContents();
      const match = opts.find((o) => (option as RegExp).test(o));
      if (!match) throw new Error(`no option ${option} in ${label}: ${opts.join(' | ')}`);
      await field.first().selectOption({ label: match });
    }
    return;
  }
  await field.first().click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
  await expect(page.getByRole('listbox')).toBeHidden();
  // The menu fades out before it leaves the page; until then its faint options are on it.
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0);
}

/** A small valid PNG (a saffron 32x18 rectangle), generated here, for upload tests. */
export function smallPng(width = 32, height = 18, rgb: [number, number, number] = [234, 120, 20]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The page scrolls no wider than the viewport (no horizontal overflow at phone width). */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page is wider than the viewport').toBeLessThanOrEqual(client + 1);
}

/**
 * Waits until the page has settled: nothing marked busy (`aria-busy="true"`), no skeleton and no
 * spinning progress indicator left. Every loading state of the app shows one of these, so once
 * none is there the data the page asked for has arrived and been drawn. A progress bar with a
 * value (the check-in page's arrivals) shows a measure, not a load, and stays.
 */
export async function expectSettled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
  // Nothing is still moving: a finite CSS transition or animation (a dialog, menu or toast that
  // is arriving or leaving) has run its course, so what axe or a screenshot sees is what stays.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || !Number.isFinite(Number(a.effect?.getComputedTiming().endTime))),
  );
}

/**
 * No control is drawn disabled (MUI's `Mui-disabled` look) while assistive technology is told it
 * can be used: a button or link that looks disabled must be disabled, and one that is usable must
 * look usable. Answers the offending elements' descriptions.
 */
export async function controlsThatOnlyLookDisabled(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button.Mui-disabled, a.Mui-disabled, [role="button"].Mui-disabled'))
      .filter((el) => !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true')
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`),
  );
}

/** axe finds nothing on the settled page (or within `include`, a selector). */
export async function expectNoAxeViolations(page: Page, include?: string) {
  await expectSettled(page);
  const axe = new AxeBuilder({ page });
  if (include) axe.include(include);
  expect((await axe.analyze()).violations).toEqual([]);
}
