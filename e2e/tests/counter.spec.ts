import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { adminSession, api, newMember, newStaff, uid } from '../support/api';

// The temple counter (docs/product.md#the-counter) on a 1024×768 tablet, with the keyboard alone: find a member, book
// an archana for today, add a $51 donation, take $100 in cash, give $38 change, print the receipt,
// and find the sale in the ledger and on the member's My Donations.

test.use({ viewport: { width: 1024, height: 768 } });

/** Presses Tab until the element named `name` (a button, a combobox, a text box) has the focus. */
async function tabTo(page: import('@playwright/test').Page, role: 'button' | 'combobox' | 'textbox', name: string | RegExp) {
  const target = page.getByRole(role, { name });
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the ${role} ${String(name)}`);
}

test('the front desk sells an archana and a donation for cash with the keyboard alone and prints the receipt', async ({ page, signInAs, openWindow }) => {
  const admin = await adminSession();
  const sevaName = `Kumkum Archana ${uid()}`;
  await api('POST', '/api/sevas', {
    token: admin.token,
    body: {
      name: sevaName, description: 'Archana with kumkum, at the counter', category: 'temple', priceCents: 1100, priceKind: 'fixed',
      durationMinutes: 15, weekdays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
      capacityMode: 'daily', dailyCapacity: 50, horizonDays: 30, cutoffHours: 24,
    },
  });
  const member = await newMember({ firstName: 'Lakshmi', lastName: `Counter${uid()}` });
  const desk = await newStaff(['front_desk'], { firstName: 'Desk', lastName: 'Volunteer' });
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await signInAs(desk);
  await page.goto('/counter');

  // Find the member as one types, and take the first match with Enter.
  const search = page.getByRole('combobox', { name: /Find a member/ });
  await expect(search).toBeFocused();
  await page.keyboard.type(member.lastName);
  // Until the search for the whole name answers, the list may still show an earlier, shorter
  // search's people (kept while loading): wait until it lists this member alone, then take them.
  await expect(page.getByRole('option')).toHaveText([new RegExp(member.lastName)]);
  // And until that search has answered, the people shown cannot be taken.
  await expect(page.getByRole('option')).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${member.firstName} ${member.lastName}`, { exact: false }).first()).toBeVisible();

  // The focus moved on to the next step: book the archana for today.
  await expect(page.getByRole('button', { name: 'Add seva' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Seva 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: `${sevaName} · $11.00` })).toBeVisible();
  await page.keyboard.type('Kumkum');
  await expect(page.getByRole('option', { name: `${sevaName} · $11.00` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Seva 1' })).toHaveText(`${sevaName} · $11.00`);

  // A $51 donation on the first line.
  await tabTo(page, 'textbox', 'Line 1: name');
  await page.keyboard.type('General donation');
  await page.keyboard.press('Tab');
  await page.keyboard.type('51');
  await expect(page.getByText('Total $62.00')).toBeVisible();

  // $100 in cash: $38 change.
  await tabTo(page, 'textbox', 'Cash received ($)');
  await page.keyboard.type('100');
  await expect(page.getByRole('status')).toHaveText('Change $38.00');
  await tabTo(page, 'button', 'Finish sale · $62.00');
  await page.keyboard.press('Enter');

  await expect(page.getByText('Change to give: $38.00')).toBeVisible();
  const sheet = page.getByRole('article', { name: 'Donation receipt' });
  await expect(sheet).toContainText('The only goods or services provided in exchange for this contribution were intangible religious benefits.');
  await expect(sheet).toContainText('Cash $62.00: received $100.00, change $38.00');
  const receiptNumber = (await sheet.getByText(/^AUTO-\d+-\d+$/).textContent()) ?? '';
  expect(receiptNumber).toMatch(/^AUTO-/);

  // Print with the keyboard: the browser's print dialog gets the receipt sheet alone.
  await tabTo(page, 'button', 'Print');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByText('Change to give: $38.00')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(`Seva: ${sevaName}`);
  await expect(sheet).toContainText('General donation: $51.00');
  // The QR code of the online receipt prints with it, decoded by the browser as an image.
  const qr = sheet.getByRole('img', { name: 'QR code: scan to open this receipt online' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth >= 160)).toBe(true);
  await page.emulateMedia({ media: 'screen' });

  // In the ledger, tagged as the counter's; on the member's My Donations.
  const treasurer = await openWindow(admin);
  await treasurer.goto('/admin?tab=payments');
  const row = treasurer.getByRole('row').filter({ hasText: receiptNumber });
  await expect(row).toContainText('Cash');
  await expect(row).toContainText('Counter');
  await expect(row).toContainText('$62.00');
  const family = await openWindow(member);
  await family.goto('/my-donations');
  const mine = family.getByRole('row').filter({ hasText: receiptNumber });
  await expect(mine).toContainText('Cash · at the temple');
  await expect(mine).toContainText('$62.00');
});

test('a walk-in pays part in cash and part by card, taken on the tablet before the sale is recorded', async ({ page, signInAs, openWindow }) => {
  const admin = await adminSession();
  const desk = await newStaff(['front_desk'], { firstName: 'Desk', lastName: 'Card' });
  const name = `Anand Card${uid()}`;
  await signInAs(desk);
  await page.goto('/counter');
  await page.getByRole('button', { name: 'New walk-in without an account' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Line 1: name' }).fill('Temple building fund');
  await page.getByRole('textbox', { name: 'Line 1: amount ($)' }).fill('62');
  await page.getByRole('textbox', { name: 'Part 1: amount ($)' }).fill('12');
  await page.getByRole('button', { name: 'Split: add a part' }).click();
  await page.getByRole('combobox', { name: 'Part 2: method' }).click();
  await page.getByRole('option', { name: 'Card' }).click();
  await expect(page.getByText('Taken on the tablet when you finish the sale')).toBeVisible();
  await page.getByRole('button', { name: 'Finish sale · $62.00' }).click();

  // The online card form, for the card part only; nothing is recorded until it is paid.
  const dialog = page.getByRole('dialog', { name: 'Card payment · $50.00' });
  await expect(dialog.getByRole('button', { name: 'Pay $50.00' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await dialog.getByRole('textbox', { name: 'Name on card' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Card number (test)' }).fill('4242424242424242');
  await dialog.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('1230');
  await dialog.getByRole('textbox', { name: 'CVC' }).fill('123');
  await dialog.getByRole('button', { name: 'Pay $50.00' }).click();

  // Paid: the sale is recorded at once with both parts.
  const sheet = page.getByRole('article', { name: 'Donation receipt' });
  await expect(sheet).toContainText('Cash $12.00: received $12.00, change $0.00');
  await expect(sheet).toContainText('Card $50.00');
  await expect(dialog).toBeHidden();
  const receiptNumber = (await sheet.getByText(/^AUTO-\d+-\d+$/).textContent()) ?? '';

  // One gift in the ledger, paid two ways.
  const treasurer = await openWindow(admin);
  await treasurer.goto('/admin?tab=payments');
  const row = treasurer.getByRole('row').filter({ hasText: receiptNumber });
  await expect(row).toContainText('Counter');
  await expect(row).toContainText('$62.00');
});
