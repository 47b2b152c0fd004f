import { test, expect } from '../support/fixtures';
import { adminSession, api, newMember, newStaff, signIn, uid } from '../support/api';
import { expectToast } from '../support/ui';

// Staff roles (issue 27): each role sees the admin area's tabs its work needs and no control it
// cannot use; the server refuses the rest whatever the page shows.

test('the front desk finds members and sees no payments, no refund and no member export', async ({ page, signInAs }) => {
  const desk = await newStaff(['front_desk'], { firstName: 'Desk', lastName: 'Volunteer' });
  await signInAs(desk);
  await page.goto('/admin');
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  await expect(tabs.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab')).toHaveText(['Members']);
  await expect(page.getByRole('tab', { name: 'Payments' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Make admin/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Export|CSV/ })).toHaveCount(0);
  // Asking for the ledger by its address shows the desk's own first tab instead.
  await page.goto('/admin?tab=payments');
  await expect(tabs.getByRole('tab', { name: 'Members' })).toHaveAttribute('aria-selected', 'true');
  // And the server refuses it whatever the page shows.
  const refused = await api('GET', '/api/admin/payments/ledger', { token: desk.token }).then(
    () => 200,
    (e: { status?: number }) => e.status,
  );
  expect(refused).toBe(403);
});

test('an editor creates an event and cannot open Payments', async ({ page, signInAs }) => {
  const editor = await newStaff(['editor'], { firstName: 'Content', lastName: 'Editor' });
  await signInAs(editor);
  await page.goto('/admin');
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  await expect(tabs.getByRole('tab')).toHaveText(['Temple']);
  await page.goto('/admin?tab=payments');
  await expect(tabs.getByRole('tab', { name: 'Temple' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Payments' })).toHaveCount(0);

  const name = `Editor ${uid()} Ugadi`;
  await page.goto('/events');
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Event' });
  await dialog.getByLabel(/Event name/).fill(name);
  await dialog.getByLabel(/Description/).fill('The Telugu and Kannada new year, with panchanga sravanam.');
  await dialog.getByLabel(/Location/).fill('Main Hall');
  const date = new Date(Date.now() + 20 * 86_400_000);
  const local = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}T10:00`;
  await dialog.getByLabel(/Date/).first().fill(local);
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // The audit log names the editor.
  const admin = await adminSession();
  const log = await api<{ items: { action: string; actorEmail: string; summary: string }[] }>(
    'GET',
    `/api/admin/audit?kind=events&actor=${editor.user.id}`,
    { token: admin.token },
  );
  expect(log.items.map((e) => e.summary)).toContain(`Created the event ${name}`);
});

test('an admin makes a member the treasurer, who then opens the ledger', async ({ page, signInAs, openWindow }) => {
  const admin = await adminSession();
  const member = await newMember({ firstName: 'Padma', lastName: 'Treasurer' });
  await signInAs(admin);
  await page.goto('/admin');
  const form = page.getByRole('form', { name: 'Add staff' });
  await form.getByLabel('E-mail').fill(member.email);
  await form.getByRole('checkbox', { name: 'Treasurer' }).check();
  await form.getByRole('button', { name: 'Add staff' }).click();
  await expectToast(page, 'Staff roles saved');
  const staff = page.getByRole('table', { name: 'Staff' });
  await expect(staff.getByRole('row', { name: new RegExp(member.email) })).toContainText('Treasurer');

  // The treasurer, in a window of their own: the ledger first.
  const treasurer = await openWindow(await signIn(member.email, member.password));
  await treasurer.goto('/admin');
  const tabs = treasurer.getByRole('tablist', { name: 'Admin sections' });
  await expect(tabs.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
  await expect(treasurer.getByRole('tab', { name: 'User Management' })).toHaveCount(0);
  await expect(treasurer.getByRole('tab', { name: 'Temple' })).toHaveCount(0);
  await expect(treasurer.getByRole('tab', { name: 'Audit Log' })).toHaveCount(0);
});

test('admins read the audit log, filter it by kind, and open an entry', async ({ page, signInAs }) => {
  const admin = await adminSession();
  const member = await newMember();
  await api('PUT', '/api/admin/staff/roles', { token: admin.token, body: { email: member.email, roles: ['volunteer_coordinator'] } });
  await signInAs(admin);
  await page.goto('/admin?tab=audit');
  await page.getByLabel('Kind').click();
  await page.getByRole('option', { name: /Roles/ }).click();
  const row = page.getByRole('row', { name: new RegExp(member.email) }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button').first().click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText('volunteer_coordinator');
});
