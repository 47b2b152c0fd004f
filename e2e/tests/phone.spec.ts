import { test, expect } from '../support/fixtures';
import { readFile } from 'node:fs/promises';
import { adminSession, api, createEvent, daysFromNow, newMember, newStaff, registerForEvent, uid } from '../support/api';
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
  await page.getByLabel(/^Your name/).fill('A Devotee');
  await page.getByLabel(/^Email/).fill(`phone-${uid()}@example.org`);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Complete Your Donation')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByRole('radio', { name: /Zelle/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: /sent the payment/i }).click();
  // /donate's toast may already be replaced by the confirmation page's (one toast shows at a time).
  await expectToast(page, /Donation Successful|Payment Recorded|Payment Complete/);
  await expect(page).toHaveURL(/\/payment-confirmation/);
  await expect(page.getByRole('heading', { name: 'Zelle Payment Recorded' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('an admin searches the member directory, exports it and checks an attendee in at 390 px', async ({ page, signInAs }) => {
  const tag = uid();
  const member = await newMember({ firstName: 'Gowri', lastName: `Dir${tag}` });
  const event = await createEvent({ name: `Door ${tag} Deepotsavam`, capacity: 30 });
  await registerForEvent(member.token, event.id, 2);
  await signInAs(await adminSession());
  expect(page.viewportSize()!.width).toBe(390);

  await page.goto('/admin?tab=members');
  await page.getByLabel('Search members').fill(`dir${tag}`);
  await expect(page.getByText(`1 member matching "dir${tag}"`)).toBeVisible();
  const row = page.getByRole('list', { name: 'Members' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(member.email);
  await expectNoHorizontalOverflow(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('members.csv');
  const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe('First name,Last name,Email,Phone,Admin,Email verified,Member since');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`Gowri,Dir${tag},${member.email},`);

  await row.getByRole('button', { name: /^Details/ }).click();
  const details = page.getByRole('dialog', { name: `Gowri Dir${tag}` });
  await expect(details.getByText(event.name)).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  await page.goto(`/events/${event.id}/check-in`);
  await expect(page.getByTestId('door-count')).toContainText('Checked in: 0 people');
  await page.getByLabel('Name, phone or confirmation code').first().fill(`gowri dir${tag}`);
  await page.getByRole('button', { name: `Check in Gowri Dir${tag}` }).click();
  await expect(page.getByTestId('door-count')).toContainText('Checked in: 3 people');
  await expectNoHorizontalOverflow(page);
  const list = await api<{ checkedInAt: string | null }[]>('GET', `/api/events/${event.id}/attendees`, { token: (await adminSession()).token });
  expect(list[0].checkedInAt).not.toBeNull();
});

test("a priest on a phone sees the week's sevas with each sankalpam and marks one done", async ({ page, signInAs }) => {
  const admin = await adminSession();
  const priest = await newStaff(['priest'], { firstName: 'Ramana', lastName: 'Sastry' });
  const profile = await api<{ id: string }>('POST', '/api/priests', { token: admin.token, body: { name: `Sri Ramana ${uid()}` } });
  await api('PUT', `/api/priests/${profile.id}/account`, { token: admin.token, body: { email: priest.email } });
  const seva = await api<{ id: string }>('POST', '/api/sevas', {
    token: admin.token,
    body: {
      name: `Archana ${uid()}`, category: 'temple', priceCents: 0, priceKind: 'fixed', durationMinutes: 30,
      weekdays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'], capacityMode: 'slots',
      slots: [{ time: '10:00', capacity: 5 }], horizonDays: 30, cutoffHours: 0,
    },
  });
  const member = await newMember();
  // Two days from now in the temple's zone: inside "This week", whatever the hour.
  const day = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' });
  const booking = await api<{ id: string }>('POST', `/api/sevas/${seva.id}/bookings`, {
    token: member.token,
    body: { date: day, slot: '10:00', participants: [{ name: 'Lakshmi Devi', gotram: 'Kashyapa', nakshatram: 'Rohini' }] },
  });
  await api('PUT', `/api/seva-bookings/${booking.id}/priest`, { token: admin.token, body: { priestId: profile.id } });

  await signInAs(priest);
  await page.goto('/my-sevas');
  await expect(page.getByText('No sevas assigned to you today.')).toBeVisible();
  await page.getByRole('button', { name: 'This week' }).click();
  const card = page.getByRole('article', { name: /10:00 AM/ });
  await expect(card).toContainText('Lakshmi Devi');
  await expect(card).toContainText('Kashyapa');
  await expect(card).toContainText('Rohini');
  await expect(card).not.toContainText('$');
  await expectNoHorizontalOverflow(page);
  await card.getByRole('button', { name: /Mark done/ }).click();
  await expectToast(page, 'Seva marked done');
  await expect(card.getByText('Done', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /Mark done/ })).toHaveCount(0);
});
