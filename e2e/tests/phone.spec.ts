import { test, expect } from '../support/fixtures';
import { createEvent, daysFromNow, uid } from '../support/api';
import { choose, expectNoHorizontalOverflow, expectToast } from '../support/ui';

// Phone width (390 px): the menu drawer replaces the header links.

test('home, events list, event page and the donate flow work at 390 px with the menu drawer', async ({ page }) => {
  const event = await createEvent({ name: `Phone ${uid()} Hanuman Jayanti`, eventDate: daysFromNow(9) });
  expect(page.viewportSize()!.width).toBe(390);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to');
  await expect(page.getByRole('link', { name: 'Explore Events' }).first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  // The header's page links are hidden at this width; the drawer holds them.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Events', exact: true })).toBeHidden();
  await page.getByRole('button', { name: /menu/i }).first().click();
  const drawer = page.getByRole('presentation').getByRole('navigation');
  await expect(drawer.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await drawer.getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(drawer).toBeHidden();

  await page.getByPlaceholder('Search events...').fill(event.name);
  await expect(page.getByRole('heading', { name: event.name })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByRole('link', { name: /View Details/ }).first().click();
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In to Register' })).toBeVisible();
  await expectNoHorizontalOverflow(page);

  // Donate through the drawer as a guest.
  await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('presentation').getByRole('navigation').getByRole('link', { name: 'Donate' }).click();
  await expect(page).toHaveURL(/\/donate$/);
  await choose(page, page, /Purpose/, 'Other');
  await expect(page.getByLabel(/^Amount/)).toHaveValue(/^101(\.00?)?$/);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Complete Your Donation')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByRole('radio', { name: /Zelle/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: /sent the payment/i }).click();
  await expectToast(page, /Donation Successful|Payment Complete/);
  await expect(page).toHaveURL(/\/payment-confirmation/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
