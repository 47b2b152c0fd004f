import { test, expect } from '../support/fixtures';
import { api, createEvent, getEvent, newAdmin, newMember, registerForEvent, uid, volunteerForEvent } from '../support/api';
import { expectToast } from '../support/ui';

// A member manages their own participation: cancel a registration, join a full event's waitlist
// and get promoted when someone cancels.

test('a member cancels their registration after confirming', async ({ page, signInAs }) => {
  const member = await newMember({ firstName: 'Kavya', lastName: 'Rao' });
  const event = await createEvent({ name: `Cancel ${uid()} Ugadi` });
  await registerForEvent(member.token, event.id, 1);
  await signInAs(member);

  await page.goto(`/events/${event.id}`);
  await expect(page.getByText("You're Registered", { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel Registration' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel Registration' });
  await confirm.getByRole('button', { name: 'Keep Registration' }).click();
  await expect(confirm).toBeHidden();
  expect((await getEvent(event.id)).attendeeCount).toBe(2);

  await page.getByRole('button', { name: 'Cancel Registration' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Cancel Registration' }).click();
  await expectToast(page, 'Registration cancelled');
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeVisible();
  expect((await getEvent(event.id)).attendeeCount).toBe(0);
});

test('a second member joins the waitlist of a full event and is registered when a spot opens', async ({ page, signInAs, openWindow }) => {
  const first = await newMember({ firstName: 'Arjun', lastName: 'Menon' });
  const second = await newMember({ firstName: 'Meera', lastName: 'Pillai' });
  const event = await createEvent({ name: `Waitlist ${uid()} Kalyanam`, capacity: 2 });
  await registerForEvent(first.token, event.id, 1);

  await signInAs(second);
  await page.goto(`/events/${event.id}`);
  await expect(page.getByText('This event is full.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register Now' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Join Waitlist' }).click();
  const dialog = page.getByRole('dialog', { name: `Join the Waitlist for ${event.name}` });
  await dialog.getByLabel(/family members/i).fill('1');
  await dialog.getByRole('button', { name: 'Join Waitlist' }).click();
  await expectToast(page, "You're on the waitlist");
  await expect(page.getByText('On the waitlist: #1')).toBeVisible();

  // The first member cancels in another browser; the waitlisted party of 2 fits and is registered.
  const other = await openWindow(first);
  await other.goto(`/events/${event.id}`);
  await other.getByRole('button', { name: 'Cancel Registration' }).click();
  await other.getByRole('alertdialog').getByRole('button', { name: 'Yes, Cancel Registration' }).click();
  await expectToast(other, 'Registration cancelled');

  await page.reload();
  await expect(page.getByText("You're Registered", { exact: true })).toBeVisible();
  await expect(page.getByText('You + 1 family members')).toBeVisible();
  const attendee = await api<{ numberOfFamilyMembers: number }>('GET', `/api/events/${event.id}/attendee`, { token: second.token });
  expect(attendee.numberOfFamilyMembers).toBe(1);
  expect((await getEvent(event.id)).attendeeCount).toBe(2);
});

test("an admin checks a family in at the door; a volunteer of the event is not offered the door", async ({ page, signInAs, openWindow }) => {
  const tag = uid();
  const event = await createEvent({ name: `Door ${tag} Kalyanam`, capacity: 20 });
  const family = await newMember({ firstName: 'Lakshmi', lastName: `Door${tag}` });
  await registerForEvent(family.token, event.id, 3);
  const helper = await newMember({ firstName: 'Seva', lastName: `Helper${tag}` });
  await volunteerForEvent(helper, event.id);
  await signInAs(await newAdmin());

  await page.goto(`/events/${event.id}/check-in`);
  await expect(page.getByTestId('door-count')).toContainText('Checked in: 0 people');
  await page.getByLabel('Name, phone or confirmation code').first().fill(`door${tag}`);
  await expect(page.getByText(`Lakshmi Door${tag}`)).toBeVisible();
  // The door has names and party sizes, no contact details.
  await expect(page.getByRole('main')).not.toContainText(family.email);
  await page.getByRole('button', { name: `Check in Lakshmi Door${tag}` }).click();
  await expect(page.getByTestId('door-count')).toContainText('Checked in: 4 people');

  // Volunteering grants no door duty: no link on the event page, and the page sends them home.
  const volunteer = await openWindow(helper);
  await volunteer.goto(`/events/${event.id}`);
  await expect(volunteer.getByRole('button', { name: 'Manage Volunteer Status' })).toBeVisible();
  await expect(volunteer.getByRole('link', { name: 'Check In Arrivals' })).toHaveCount(0);
  await volunteer.goto(`/events/${event.id}/check-in`);
  await expect(volunteer).toHaveURL(/\/$/);
});
