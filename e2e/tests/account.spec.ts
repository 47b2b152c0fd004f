import { readFileSync } from 'node:fs';
import { test, expect } from '../support/fixtures';
import { createEvent, newMember, signIn, uid } from '../support/api';
import { baseURL } from '../support/env';
import { expectToast } from '../support/ui';

// Issue 14, members: "Add to calendar" on an event page, and Account Settings' password change
// ending the member's other session.

/** The status of GET /api/users/me with a token: 200 while the session lives, 401 once it is ended. */
async function meStatus(token: string): Promise<number> {
  const res = await fetch(`${baseURL()}/api/users/me`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  return res.status;
}

test('add an event to a calendar: the .ics download and the Google Calendar link', async ({ page }) => {
  const event = await createEvent({ name: `Calendar ${uid()} Maha Shivaratri`, location: 'Main Hall' });
  await page.goto(`/events/${event.id}`);
  // A link to the event's .ics (it works before the page's scripts run); once they run, a menu.
  const addToCalendar = page.getByRole('link', { name: 'Add to calendar' });
  await expect(addToCalendar).toHaveAttribute('href', `/api/events/${event.id}/event.ics`);
  await addToCalendar.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();

  const google = menu.getByRole('menuitem', { name: /Google Calendar/ });
  const href = new URL((await google.getAttribute('href')) ?? '');
  expect(href.origin).toBe('https://calendar.google.com');
  expect(href.searchParams.get('text')).toBe(event.name);
  expect(href.searchParams.get('location')).toBe('Main Hall');
  expect(href.searchParams.get('dates')).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);

  const download = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: /Download \.ics/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('event.ics');
  const ics = readFileSync((await file.path()) ?? '', 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`UID:event-${event.id}@`);
  expect(ics).toContain('BEGIN:VTIMEZONE');
  expect(ics).toMatch(/DTSTART;TZID=America\/Los_Angeles:\d{8}T\d{6}/);
  expect(ics.replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:${event.name}`);
});

test('change the password in Account Settings: the other session ends, this one stays', async ({ page, signInAs, openWindow }) => {
  const member = await newMember({ firstName: 'Kamala', lastName: 'Rao' });
  const other = await signIn(member.email, member.password);
  const otherPage = await openWindow(other);
  await otherPage.goto('/dashboard');
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await signInAs(member);
  await page.goto('/profile?tab=settings');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await panel.getByLabel(/^Current password/).first().fill('not-my-password');
  await panel.getByLabel(/^New password/).fill('a-new-pass-456');
  await panel.getByLabel('Confirm new password').fill('a-new-pass-456');
  await panel.getByRole('button', { name: 'Change password' }).click();
  await expect(panel.getByText('Your current password is not correct')).toBeVisible();

  await panel.getByLabel(/^Current password/).first().fill(member.password);
  await panel.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password changed');

  // The other browser's token is refused, and its next page load signs it out.
  expect(await meStatus(other.token)).toBe(401);
  expect(await meStatus(member.token)).toBe(401);
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/sign-in\?redirect=\/dashboard/);
  // This browser carries on with its new token.
  const token = await page.evaluate(() => window.localStorage.getItem('authToken'));
  expect(token).not.toBeNull();
  expect(await meStatus(token ?? '')).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await signIn(member.email, 'a-new-pass-456');
});
