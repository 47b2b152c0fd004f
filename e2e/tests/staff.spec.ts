import { test, expect } from '../support/fixtures';
import { adminSession, api, newMember, newStaff, signIn, uid, uniqueEmail } from '../support/api';
import { staffInviteLink } from '../support/outbox';
import { expectSettled, expectToast } from '../support/ui';

// Staff roles (docs/product.md#roles-and-permissions): each role sees the admin area's tabs its work needs and no control it
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

test('an admin invites a treasurer, who accepts and sees the ledger', async ({ page, signInAs, openWindow }) => {
  const admin = await adminSession();
  const email = uniqueEmail('treasurer');
  await signInAs(admin);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite staff' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('checkbox', { name: 'Treasurer' }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(page, `Invitation sent to ${email}`);
  await expect(dialog).toBeHidden();
  const pending = page.getByRole('table', { name: 'Pending invitations' });
  const row = pending.getByRole('row', { name: email });
  await expect(row).toContainText('Treasurer');
  await expect(row).toContainText('No account yet');

  // The invited person, in a browser of their own, opens the e-mailed link and makes the account.
  const link = new URL(await staffInviteLink(email));
  const treasurer = await openWindow();
  await treasurer.goto(link.pathname + link.search);
  await expect(treasurer.getByRole('heading', { level: 1, name: 'Join the staff' })).toBeVisible();
  await expect(treasurer.getByText(/^You've been invited to join .+ as Treasurer\.$/)).toBeVisible();
  const form = treasurer.getByRole('form', { name: 'Create your account' });
  await expect(form.getByLabel(/^Email/)).toHaveValue(email);
  await form.getByLabel(/^First name/).fill('Padma');
  await form.getByLabel(/^Last name/).fill('Treasurer');
  await form.getByLabel(/^Phone number/).fill('9165550123');
  await form.getByLabel(/^Password/).fill('treasurer-pass-123');
  await form.getByRole('button', { name: 'Create account and join' }).click();

  // Signed in at once, on the ledger, with none of the admin's own tabs.
  await expect(treasurer).toHaveURL(/\/admin$/);
  const tabs = treasurer.getByRole('tablist', { name: 'Admin sections' });
  await expect(tabs.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
  await expect(treasurer.getByRole('tab', { name: 'User Management' })).toHaveCount(0);
  await expect(treasurer.getByRole('tab', { name: 'Temple' })).toHaveCount(0);
  await expect(treasurer.getByRole('tab', { name: 'Audit Log' })).toHaveCount(0);
  await expect(treasurer.getByRole('tabpanel')).toBeVisible();

  // The treasurer is on the staff, the invitation no longer pending, and its link no longer works.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Staff' }).getByRole('row', { name: email })).toContainText('Treasurer');
  await expectSettled(page);
  await expect(pending.getByRole('row', { name: email })).toHaveCount(0);
  const again = await openWindow();
  await again.goto(link.pathname + link.search);
  await expect(again.getByRole('heading', { level: 1, name: 'Invitation not valid' })).toBeVisible();
});

test('a member invited as an editor signs in, accepts and opens the Temple tab', async ({ page }) => {
  const admin = await adminSession();
  const member = await newMember({ firstName: 'Kiran', lastName: 'Editor' });
  await api('POST', '/api/admin/staff/invitations', { token: admin.token, body: { email: member.email, roles: ['editor'] } });
  const link = new URL(await staffInviteLink(member.email));

  await page.goto(link.pathname + link.search);
  await expect(page.getByText(`Sign in as ${member.email} to accept.`)).toBeVisible();
  await page.getByRole('link', { name: 'Sign in to accept' }).click();
  await page.getByLabel(/^Email/).fill(member.email);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();

  // Back on the invitation, signed in as the invited account.
  await expect(page).toHaveURL(/\/staff-invite\?token=/);
  await expect(page.getByText(`You are signed in as ${member.email}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Accept and add these roles' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const tabs = page.getByRole('tablist', { name: 'Admin sections' });
  await expect(tabs.getByRole('tab')).toHaveText(['Temple']);
  await expect(tabs.getByRole('tab', { name: 'Temple' })).toHaveAttribute('aria-selected', 'true');
});
