import { test, expect } from '../support/fixtures';
import { api, createEvent, daysFromNow, newMember, newStaff, registerForEvent, uid } from '../support/api';
import { waitForMailLink } from '../support/outbox';
import { expectNoAxeViolations, expectToast } from '../support/ui';

// Festival volunteering (issue 33, ADR 0141): a volunteer coordinator builds this year's plan by
// copying last year's, two members sign up on the event's page and one drops, and the board shows
// the gap. Each test makes events of its own (the run's database is shared by parallel tests).

type Plan = { roles: { id: string; name: string; shifts: { id: string; startsAt: string; needed: number; filled: number }[] }[] };

/** `hours` after `iso` (before, when negative), as RFC 3339. */
function after(iso: string, hours: number): string {
  return new Date(new Date(iso).getTime() + hours * 3_600_000).toISOString();
}

test('a coordinator copies last festival’s plan; two members sign up, one drops, and the board shows the gap', async ({ page, signInAs, openWindow }) => {
  const coordinator = await newStaff(['volunteer_coordinator'], { firstName: 'Kavya', lastName: `Coordinator${uid()}` });
  const tag = uid();
  // Last festival's plan, made through the API as a coordinator would have a year ago.
  const earlier = await createEvent({ name: `Diwali ${tag} (earlier)`, eventDate: daysFromNow(4) });
  const role = await api<{ id: string }>('POST', `/api/events/${earlier.id}/volunteer-roles`, {
    token: coordinator.token,
    body: { name: 'Parking', description: 'Guide cars into the north lot.', minAge: 16, reportTo: 'North gate' },
  });
  for (const [start, needed] of [[0, 2], [5, 1]] as const) {
    await api('POST', `/api/volunteer-roles/${role.id}/shifts`, {
      token: coordinator.token,
      body: { startsAt: after(earlier.eventDate, start - 4), endsAt: after(earlier.eventDate, start), needed },
    });
  }
  const festival = await createEvent({ name: `Diwali ${tag}`, eventDate: daysFromNow(30) });

  // The coordinator copies it from the festival's Volunteers page.
  await signInAs(coordinator);
  await page.goto(`/events/${festival.id}/volunteers`);
  await expect(page.getByRole('heading', { level: 1, name: `Volunteers — Diwali ${tag}` })).toBeVisible();
  await expect(page.getByText('This event has no volunteer roles yet.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Copy from an earlier event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy from an earlier event' });
  await dialog.getByRole('radio', { name: new RegExp(`Diwali ${tag} \\(earlier\\)`) }).check();
  await dialog.getByRole('button', { name: 'Copy plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Parking' })).toBeVisible();
  const plan = await api<Plan>('GET', `/api/events/${festival.id}/volunteer-plan`);
  expect(plan.roles.map((r) => r.name)).toEqual(['Parking']);
  expect(plan.roles[0].shifts.map((s) => s.needed)).toEqual([2, 1]);

  // Two members sign up for the morning shift on the festival's page.
  const members = [await newMember({ firstName: 'Lakshmi', lastName: `Iyer${uid()}` }), await newMember({ firstName: 'Ravi', lastName: `Kumar${uid()}` })];
  let memberPage = page;
  for (const member of members) {
    memberPage = await openWindow(member);
    await memberPage.goto(`/events/${festival.id}`);
    const section = memberPage.getByRole('region', { name: 'Volunteer shifts' });
    await expect(section.getByRole('heading', { name: 'Parking' })).toBeVisible();
    await section.getByRole('button', { name: /^Sign up: Parking, / }).first().click();
    await expect(section.getByText("You're signed up").first()).toBeVisible();
    // The confirmation e-mail links to the festival's page.
    await waitForMailLink(member.email, new RegExp(`/events/${festival.id}`));
  }
  // The page as the second member sees it: both places taken, theirs marked.
  const section = memberPage.getByRole('region', { name: 'Volunteer shifts' });
  await expect(section.getByText('2 of 2 filled').first()).toBeVisible();
  await expectNoAxeViolations(memberPage, 'section');

  // The second member drops the shift (more than a day before it).
  await section.getByRole('button', { name: /^Drop: Parking, / }).click();
  const drop = memberPage.getByRole('alertdialog', { name: 'Drop this shift?' });
  await drop.getByRole('button', { name: 'Drop shift' }).click();
  await expect(drop).toBeHidden();
  await expect(memberPage.getByText('Shift dropped')).toBeVisible();
  await expect.poll(async () => (await api<Plan>('GET', `/api/events/${festival.id}/volunteer-plan`)).roles[0].shifts[0].filled).toBe(1);

  // The board shows the gap: one of two on the morning shift, nobody in the evening.
  await page.reload();
  await page.getByRole('tab', { name: 'Board' }).click();
  await expect(page.getByText('1 of 3 places filled · 0 drop requests')).toBeVisible();
  await expect(page.getByText('1 / 2 filled')).toBeVisible();
  await expect(page.getByText('1 short').first()).toBeVisible();
  await expect(page.getByText(`${members[0].firstName} ${members[0].lastName}`)).toBeVisible();
  await expect(page.getByText(`${members[1].firstName} ${members[1].lastName}`)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a coordinator puts a member on one event’s door: they check a family in from their dashboard, and no other door opens', async ({ page, signInAs, openWindow }) => {
  const tag = uid();
  const coordinator = await newStaff(['volunteer_coordinator']);
  const festival = await createEvent({ name: `Ugadi ${tag}`, capacity: 50 });
  const other = await createEvent({ name: `Holi ${tag}` });
  const family = await newMember({ firstName: 'Meena', lastName: `Door${tag}` });
  await registerForEvent(family.token, festival.id, 2);
  const helper = await newMember({ firstName: 'Gopal', lastName: `Helper${tag}` });

  await signInAs(coordinator);
  await page.goto(`/events/${festival.id}/volunteers`);
  await page.getByRole('tab', { name: 'Door' }).click();
  await page.getByRole('textbox', { name: "Member's e-mail" }).fill(helper.email);
  await page.getByRole('button', { name: 'Put on the door' }).click();
  await expect(page.getByText(`Gopal Helper${tag}`)).toBeVisible();
  await expectNoAxeViolations(page);

  // The helper finds the door on their dashboard and checks the family in.
  const door = await openWindow(helper);
  await door.goto('/dashboard');
  await door.getByRole('tab', { name: 'My Volunteering' }).click();
  await door.getByRole('link', { name: 'Check in arrivals' }).click();
  await expect(door).toHaveURL(new RegExp(`/events/${festival.id}/check-in$`));
  await expect(door.getByTestId('door-count')).toContainText('Checked in: 0 people');
  await door.getByLabel('Name, phone or confirmation code').first().fill(`door${tag}`);
  await door.getByRole('button', { name: `Check in Meena Door${tag}` }).click();
  await expect(door.getByTestId('door-count')).toContainText('Checked in: 3 people');
  // Another event's door stays shut.
  await door.goto(`/events/${other.id}/check-in`);
  await expect(door).toHaveURL(/\/$/);

  // Taken off the door, the page sends them home.
  await page.getByRole('button', { name: `Take Gopal Helper${tag} off the door` }).click();
  await expect(page.getByText(`Gopal Helper${tag}`)).toHaveCount(0);
  await door.goto(`/events/${festival.id}/check-in`);
  await expect(door).toHaveURL(/\/$/);
});
