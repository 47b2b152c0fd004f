import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { adminSession, api, newMember, newStaff, uid } from '../support/api';
import { readMails, waitForMailLink } from '../support/outbox';
import { choose, expectSettled, expectToast, templeDate } from '../support/ui';

// Pledges (docs/product.md#pledges): a member promises an amount to a fund over this year; their
// gifts to that fund count toward it, whatever the channel (here a cash gift at the counter under
// their name); the treasurer lists the fund's pledges and sends the polite reminders. The run's
// database is shared by parallel tests: the admin's side is narrowed to this test's own fund.

type Fund = { id: string; name: string };

/** The temple's current year, "2026". */
function templeYear(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric' }).format(new Date());
}

test('a member pledges to a fund, a gift at the counter counts toward it, and the treasurer sends the reminder', async ({
  page,
  signInAs,
  openWindow,
}) => {
  const admin = await adminSession();
  const name = `Temple Building ${uid()}`;
  const fund = await api<Fund>('POST', '/api/funds', {
    token: admin.token,
    body: { name, description: 'A new hall for festivals and classes.', goal: '100000' },
  });
  const member = await newMember({ firstName: 'Padma', lastName: `Pledger${uid()}` });
  const year = templeYear();

  // The member pledges $5,001 to the fund over this year (the form's default period).
  await signInAs(member);
  await page.goto('/my-donations');
  const pledges = page.getByRole('region', { name: 'Pledges', exact: true });
  await expect(pledges).toContainText('You have no pledges. A pledge is a promise to give an amount to a fund over a period');
  await pledges.getByRole('button', { name: 'Make a pledge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a pledge' });
  await expect(dialog.getByLabel(/^Starts on/)).toHaveValue(`${year}-01-01`);
  await expect(dialog.getByLabel(/^Ends on/)).toHaveValue(`${year}-12-31`);
  await choose(page, dialog, /^Fund/, name);
  await dialog.getByLabel(/^Amount/).fill('5001');
  await dialog.getByLabel(/^Note/).fill('For the new hall');
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);
  await dialog.getByRole('button', { name: 'Make pledge' }).click();
  await expectToast(page, 'Thank you for your pledge', `$5,001.00 to ${name}`);
  await expect(dialog).toBeHidden();

  const card = pledges.getByRole('list', { name: 'My pledges' }).getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText(`$5,001.00 over Jan 1 – Dec 31, ${year}`);
  await expect(card).toContainText('$0.00 given · $5,001.00 to go');
  await expect(card.getByRole('progressbar', { name: `${name} pledge: given so far` })).toHaveAttribute('aria-valuenow', '0');
  await expectSettled(page);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // A second pledge to the same fund over part of the same dates is refused, on its field.
  await pledges.getByRole('button', { name: 'Make a pledge' }).click();
  await choose(page, dialog, /^Fund/, name);
  await dialog.getByLabel(/^Amount/).fill('100');
  await dialog.getByRole('button', { name: 'Make pledge' }).click();
  await expect(dialog).toContainText('You already pledged to this fund for part of these dates; cancel that pledge first');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // The front desk records a cash gift for the member at the counter, to the fund.
  const desk = await newStaff(['front_desk']);
  await api('POST', '/api/counter/sales', {
    token: desk.token,
    headers: { 'Idempotency-Key': `e2e-pledge-${uid()}` },
    body: {
      donor: { userId: member.user.id },
      lines: [{ donationTypeId: 'custom', amount: 1001, name: 'Building', fundId: fund.id }],
      tenders: [{ method: 'cash', amount: 1001 }],
    },
  });
  await page.reload();
  await expect(card).toContainText('$1,001.00 given · $4,000.00 to go');
  await expect(card.getByRole('progressbar', { name: `${name} pledge: given so far` })).toHaveAttribute('aria-valuenow', '20');

  // The admin lists the fund's pledges and sends its reminders: one e-mail, once a day.
  const adminPage = await openWindow(admin);
  await adminPage.goto('/admin?tab=pledges');
  const tab = adminPage.getByRole('region', { name: 'Pledges', exact: true });
  await choose(adminPage, tab, /^Fund/, name);
  const table = tab.getByRole('table', { name: 'Pledges' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: member.email });
  await expect(row).toContainText(`${member.firstName} ${member.lastName}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText('$5,001.00');
  await expect(row).toContainText('$1,001.00');
  await expect(row).toContainText('$4,000.00');
  await expect(row).toContainText(`Jan 1 – Dec 31, ${year}`);
  await expect(row).toContainText('Active');
  // The columns: member, fund, pledged, given, remaining, period, status, last reminded, counter gifts.
  const lastReminded = row.getByRole('cell').nth(7);
  await expect(lastReminded).toHaveText('—');
  await expect(tab.getByTestId('pledge-totals')).toHaveText('1 active pledge · $5,001.00 pledged · $1,001.00 given');
  await expectSettled(adminPage);
  expect((await new AxeBuilder({ page: adminPage }).analyze()).violations).toEqual([]);

  await tab.getByRole('button', { name: 'Send reminders' }).click();
  const confirm = adminPage.getByRole('alertdialog', { name: `Send reminders for the ${name} fund?` });
  await expect(confirm).toContainText('Members with an active pledge that still has an amount to give get a polite e-mail. Each pledge is reminded at most once a day.');
  await confirm.getByRole('button', { name: 'Send reminders' }).click();
  await expectToast(adminPage, 'Reminders queued: 1');
  await expect(confirm).toBeHidden();
  await expect(lastReminded).toHaveText(templeDate(new Date().toISOString()));

  await waitForMailLink(member.email, new RegExp(name));
  const reminders = readMails().filter((m) => m.to.toLowerCase().includes(member.email.toLowerCase()) && m.subject.includes(`Your pledge to the ${name} fund`));
  expect(reminders).toHaveLength(1);

  // Asking again the same day reminds nobody.
  await tab.getByRole('button', { name: 'Send reminders' }).click();
  await confirm.getByRole('button', { name: 'Send reminders' }).click();
  await expectToast(adminPage, 'No pledge needed a reminder today.');

  // The member also left $300 in cash at the counter without giving their name: the treasurer
  // counts that walk-in gift toward the pledge by its receipt number.
  const walkIn = await api<{ payment: { receiptNumber: string } }>('POST', '/api/counter/sales', {
    token: desk.token,
    headers: { 'Idempotency-Key': `e2e-pledge-${uid()}` },
    body: {
      donor: { name: 'Envelope at the counter' },
      lines: [{ donationTypeId: 'custom', amount: 300, name: 'Building', fundId: fund.id }],
      tenders: [{ method: 'cash', amount: 300 }],
    },
  });
  const receipt = walkIn.payment.receiptNumber;
  await row.getByRole('button', { name: `Counter gifts for ${member.firstName} ${member.lastName}’s pledge to ${name}` }).click();
  const gifts = adminPage.getByRole('dialog', { name: `Counter gifts for ${member.firstName} ${member.lastName}’s pledge` });
  await gifts.getByRole('textbox', { name: 'Receipt number' }).fill(receipt);
  await expectSettled(adminPage);
  expect((await new AxeBuilder({ page: adminPage }).include('[role="dialog"]').analyze()).violations).toEqual([]);
  await gifts.getByRole('button', { name: 'Count toward pledge' }).click();
  await expectToast(adminPage, 'Gift counted toward the pledge', receipt);
  await expect(gifts.getByRole('list', { name: 'Counted counter gifts' })).toContainText(receipt);
  await gifts.getByRole('button', { name: 'Close' }).click();
  await expect(gifts).toBeHidden();
  await expect(row).toContainText('$1,301.00');
  await expect(row.getByRole('button', { name: /^Counter gifts for / })).toHaveText('Counted: 1');
  await page.reload();
  await expect(card).toContainText('$1,301.00 given · $3,700.00 to go');

  // The member cancels the pledge: it stays, marked cancelled, with what was given.
  await pledges.getByRole('button', { name: `Cancel pledge to ${name}` }).click();
  const cancel = page.getByRole('alertdialog', { name: 'Cancel this pledge?' });
  await cancel.getByRole('button', { name: 'Cancel pledge' }).click();
  await expectToast(page, 'Pledge cancelled', name);
  await expect(card).toContainText('Cancelled');
  await expect(card).toContainText('$1,301.00 given');
  await expect(card.getByRole('button', { name: /Cancel pledge/ })).toHaveCount(0);
});
