import { test, expect } from '../support/fixtures';
import { adminSession, api, uid } from '../support/api';
import { expectToast, smallPng } from '../support/ui';

// An admin adds a priest with a photo and a weekly service in Admin > Temple; a visitor sees both on
// the home page at once, with the service's next date computed by the server in the temple's zone.

type Occurrence = { date: string; timeLabel: string; startsAt: string };
type Service = { id: string; name: string; nextOccurrence: Occurrence | null };

test('an admin adds a priest with a photo and a weekly service; a visitor sees them on the home page', async ({ page, browser, signInAs }) => {
  const tag = uid();
  const priestName = `Sri Journey ${tag} Sharma`;
  const serviceName = `Journey Abhishekam ${tag}`;
  await signInAs(await adminSession());
  await page.goto('/admin?tab=temple');

  // The priest, with a photo and its preview.
  await expect(page.getByRole('heading', { name: 'Priests' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Priest' }).click();
  const priestDialog = page.getByRole('dialog', { name: 'Add Priest' });
  await priestDialog.getByLabel(/^Name/).fill(priestName);
  await priestDialog.getByLabel(/^Title/).fill('Priest');
  await priestDialog.getByLabel(/^Bio/).fill('Performs the daily rituals and teaches Vedic chanting.');
  await priestDialog.getByLabel(/Specialties/).fill('Homams, Vedic chanting');
  await priestDialog.getByLabel('Photo').setInputFiles({ name: 'priest.png', mimeType: 'image/png', buffer: smallPng(40, 40) });
  await expect(priestDialog.getByRole('img', { name: 'Photo preview' })).toBeVisible();
  await priestDialog.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Priest added', priestName);

  // The weekly service, with a validation message first.
  await page.getByRole('button', { name: 'Add Service' }).click();
  const serviceDialog = page.getByRole('dialog', { name: 'Add Recurring Service' });
  await serviceDialog.getByLabel(/^Name/).fill(serviceName);
  await serviceDialog.getByRole('button', { name: 'Create' }).click();
  await expect(serviceDialog.getByText('Choose at least one day of the week')).toBeVisible();
  await serviceDialog.getByRole('checkbox', { name: 'Saturday' }).check();
  await serviceDialog.getByLabel(/^Time/).fill('09:15');
  await serviceDialog.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Service added', `${serviceName}: Every Saturday, 9:15 AM`);

  // A visitor, signed out, in another zone than the temple's: the server's dates and times show.
  const visitorContext = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  const priests = visitor.getByRole('region', { name: 'Our Temple Priests' });
  await expect(priests.getByRole('heading', { name: priestName })).toBeVisible();
  const photo = priests.getByRole('img', { name: `Photo of ${priestName}` });
  await expect(photo).toBeVisible();
  // The photo loads lazily: bring it on screen first.
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
  await expect(priests.getByText('Vedic chanting').first()).toBeVisible();

  const services = await api<Service[]>('GET', '/api/services');
  const mine = services.find((s) => s.name === serviceName);
  expect(mine?.nextOccurrence).toBeTruthy();
  const next = mine!.nextOccurrence!;
  const events = visitor.getByRole('region', { name: 'Temple Events' });
  const row = events.getByRole('listitem').filter({ hasText: serviceName });
  await expect(row).toContainText('Every Saturday, 9:15 AM');
  const [y, m, d] = next.date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  await expect(row).toContainText(`Next: ${day} · 9:15 AM`);
  await expect(row.locator('time')).toHaveAttribute('datetime', next.startsAt);
  await visitorContext.close();
});
