import { test, expect } from '../support/fixtures';
import { qrCodeVideo } from '../support/camera';
import { api, createEvent, newMember, newStaff, registerForEvent, uid } from '../support/api';
import { baseURL } from '../support/env';
import { expectNoAxeViolations } from '../support/ui';


const PHONE = { width: 390, height: 844 };

test('on a phone, a door volunteer checks one family in by typing and another by scanning its QR code, and another desk sees both', async ({
  page,
  signInAs,
  openCameraWindow,
}, testInfo) => {
  const tag = uid();
  const event = await createEvent({ name: `Deepavali ${tag}`, capacity: 40 });
  const typed = await newMember({ firstName: 'Priya', lastName: `Typed${tag}` });
  await registerForEvent(typed.token, event.id, 3);
  const scanned = await newMember({ firstName: 'Ravi', lastName: `Scanned${tag}` });
  await registerForEvent(scanned.token, event.id, 1);

  // The scanned family's QR code, as its dashboard's "Check-in code" shows it, fed to the phone's camera.
  const qr = await fetch(`${baseURL()}/api/events/${event.id}/attendee/qr`, { headers: { Authorization: `Bearer ${scanned.token}` } });
  expect(qr.headers.get('content-type')).toBe('image/svg+xml');
  const video = testInfo.outputPath('qr-code.y4m');
  await page.goto('about:blank');
  await qrCodeVideo(page, await qr.text(), video);

  // A second desk (a tablet) watches.
  const coordinator = await newStaff(['volunteer_coordinator']);
  await signInAs(coordinator);
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto(`/events/${event.id}/check-in`);
  await expect(page.getByTestId('door-count')).toContainText('Checked in: 0 people');

  const door = await newStaff(['front_desk']);
  const phone = await openCameraWindow(door, video, PHONE);
  await phone.goto(`/events/${event.id}/check-in`);
  const search = phone.getByRole('combobox', { name: 'Name, phone or confirmation code' }).or(phone.getByLabel('Name, phone or confirmation code'));
  await expect(search.first()).toBeFocused();

  // Typing: the family appears as the name is typed; Enter checks in the highlighted row.
  await search.first().fill(`typed${tag}`);
  await expect(phone.getByText(`Priya Typed${tag}`)).toBeVisible();
  await search.first().press('ArrowDown');
  await search.first().press('Enter');
  await expect(phone.getByText(new RegExp(`Checked in Priya Typed${tag}, 4 people`)).first()).toBeVisible();
  await expect(page.getByTestId('door-count')).toContainText('Checked in: 4 people', { timeout: 5_000 });

  // Scanning: the camera reads the code and checks the family in at once.
  await phone.getByRole('button', { name: 'Scan QR code' }).click();
  const scanner = phone.getByRole('dialog', { name: 'Scan QR code' });
  await expect(scanner.getByText(`Ravi Scanned${tag}`)).toBeVisible({ timeout: 20_000 });
  await expect(scanner.getByText(/Checked in|Already checked in/).first()).toBeVisible();
  await expectNoAxeViolations(phone);
  await scanner.getByRole('button', { name: 'Done' }).click();

  // The other desk heard both within a second or so, without reloading.
  await expect(page.getByTestId('door-count')).toContainText('Checked in: 6 people', { timeout: 5_000 });
  const searchTablet = page.getByLabel('Name, phone or confirmation code').first();
  await searchTablet.fill(`scanned${tag}`);
  await expect(page.getByText(`Ravi Scanned${tag}`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Undo check-in of Ravi Scanned${tag}` })).toBeVisible();
  await expectNoAxeViolations(page);
  const count = await api<{ count: { checkedInParties: number; checkedInPeople: number } }>('GET', `/api/events/${event.id}/door/search?q=`, {
    token: coordinator.token,
  });
  expect(count.count).toMatchObject({ checkedInParties: 2, checkedInPeople: 6 });
});

test('a walk-in is added at the desk, counted against the capacity, and the member sees their check-in code on the dashboard', async ({
  page,
  signInAs,
  openWindow,
}) => {
  const tag = uid();
  const event = await createEvent({ name: `Ugadi ${tag}`, capacity: 5 });
  const member = await newMember({ firstName: 'Meena', lastName: `Code${tag}` });
  await registerForEvent(member.token, event.id, 1);

  // The member's dashboard shows the code and its QR code.
  const dashboard = await openWindow(member);
  await dashboard.goto('/dashboard');
  await dashboard.getByRole('tab', { name: 'My Registrations' }).click();
  await dashboard.getByRole('button', { name: `Check-in code: Ugadi ${tag}` }).click();
  const codeDialog = dashboard.getByRole('dialog');
  await expect(codeDialog.getByRole('img', { name: new RegExp(`Check-in QR code for Ugadi ${tag}`) })).toBeVisible();
  await expect(codeDialog.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/)).toBeVisible();

  await signInAs(await newStaff(['front_desk']));
  await page.goto(`/events/${event.id}/check-in`);
  await page.getByLabel('Name, phone or confirmation code').first().fill(`Nobody${tag}`);
  await expect(page.getByText(/No registration matches/)).toBeVisible();
  await page.getByRole('button', { name: 'Add walk-in' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add walk-in' });
  await dialog.getByLabel('First name').fill('Gopal');
  await dialog.getByLabel('Last name').fill(`Walker${tag}`);
  await dialog.getByLabel('People').fill('4');
  await dialog.getByRole('button', { name: 'Add and check in' }).click();
  // 2 registered + 4 do not fit in 5.
  await expect(dialog.getByText('The event is nearly full: only 3 places are left')).toBeVisible();
  await dialog.getByLabel('People').fill('3');
  await dialog.getByRole('button', { name: 'Add and check in' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('door-count')).toContainText('Checked in: 3 people');
  await expectNoAxeViolations(page);
});
