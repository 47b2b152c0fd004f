import { readFile } from 'node:fs/promises';
import { test, expect } from '../support/fixtures';
import { adminSession, api, newMember, uid, uniqueEmail, zelleConfirm, type Payment } from '../support/api';
import { readMails, waitForMailLink } from '../support/outbox';
import { pdfText } from '../support/pdf';
import { choose, expectToast, expectSettled } from '../support/ui';

const ACKNOWLEDGEMENT = 'No goods or services were provided in exchange for this contribution.';

/** Marks a pending Zelle payment received, as the treasurer does. */
async function markReceived(paymentId: string) {
  const admin = await adminSession();
  await api<Payment>('POST', `/api/admin/payments/${paymentId}/status`, { token: admin.token, body: { status: 'completed' } });
}

test('a member sees a gift under My Donations with its yearly total and downloads the CSV', async ({ page, signInAs }) => {
  const member = await newMember({ firstName: 'Gita', lastName: `Giver${uid()}` });
  const { receiptNumber, payment } = await zelleConfirm(member.token, 61.5);
  await markReceived(payment.id);
  await signInAs(member);

  await page.goto('/dashboard');
  // The previews above the tabs load first: a click aimed while they grow would land beside the tab.
  await expectSettled(page);
  await page.getByRole('tab', { name: 'My Donations' }).click();
  await expect(page.getByRole('row').filter({ hasText: receiptNumber })).toContainText('$61.50');

  await page.goto('/my-donations');
  await expect(page.getByRole('heading', { level: 1, name: 'My Donations' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: receiptNumber });
  await expect(row).toContainText('Completed');
  await expect(row.getByRole('link', { name: receiptNumber })).toHaveAttribute('href', `/receipts/${receiptNumber}`);
  const year = new Date(payment.paymentDate).toLocaleString('en-US', { timeZone: 'America/Los_Angeles', year: 'numeric' });
  await expect(page.getByTestId(`year-${year}`)).toContainText('$61.50');
  await expect(page.getByTestId(`year-${year}`)).toContainText('1 gift');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('my-donations.csv');
  const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe('Date,Receipt,Amount,Method,Status,Purposes,Event');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,${receiptNumber},61.50,zelle,completed,Custom Donation 61.50,Direct donation`);
});

test('the treasurer filters the ledger down to one donor and exports exactly that', async ({ page, signInAs }) => {
  const donor = await newMember({ firstName: 'Ledger', lastName: `Donor${uid()}` });
  const first = await zelleConfirm(donor.token, 12);
  const second = await zelleConfirm(donor.token, 30);
  await markReceived(second.payment.id);
  await zelleConfirm((await newMember()).token, 99);
  await signInAs(await adminSession());

  await page.goto('/admin?tab=payments');
  await page.getByRole('textbox', { name: 'Search donor or receipt' }).fill(donor.email);
  const table = page.getByRole('table', { name: 'Payments' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('ledger-totals')).toContainText('2 payments · $30.00 received (1) · $12.00 pending');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Pending' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').filter({ hasText: first.receiptNumber })).toContainText('$12.00');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('payments.csv');
  const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
  expect(lines).toEqual([
    'Date,Receipt,Donor,Email,Amount,Method,Status,Purposes,Event,Refunded,Channel,Funds',
    expect.stringContaining(`,${first.receiptNumber},${donor.firstName} ${donor.lastName},${donor.email},12.00,zelle,pending,Custom Donation 12.00,Direct donation,0.00,online,General 12.00`),
  ]);

  // The Zelle transfer was marked failed by mistake: reopen it and read its history.
  const row = table.getByRole('row').filter({ hasText: first.receiptNumber });
  await row.getByRole('button', { name: 'Mark failed' }).click();
  await expectToast(page, 'Payment marked as failed');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All' }).click();
  await table.getByRole('row').filter({ hasText: first.receiptNumber }).getByRole('button', { name: 'Reopen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('The transfer did arrive');
  await dialog.getByRole('button', { name: 'Reopen' }).click();
  await expectToast(page, 'Payment reopened');
  await table.getByRole('row').filter({ hasText: first.receiptNumber }).getByRole('button', { name: `History of ${first.receiptNumber}` }).click();
  const history = page.getByRole('table', { name: 'Payment history' });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history).toContainText('Failed → Pending');
  await expect(history).toContainText('The transfer did arrive');
});

test('a guest gives $300 by sandbox card and the receipt e-mail opens the printable receipt', async ({ page }) => {
  const email = uniqueEmail('guest');
  const name = `Meera Iyer ${uid()}`;
  await page.goto('/donate');
  await choose(page, page, /Purpose/, 'Other');
  await page.getByLabel(/^Amount/).fill('300');
  await page.getByLabel(/^Your name/).fill(name);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Mailing address/).fill('1 Temple Rd\nFolsom, CA 95630');
  await page.getByLabel(/In honor/).fill('In memory of my father');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('main')).toContainText(`${name} (${email})`);
  await page.getByRole('button', { name: 'Continue' }).click(); // card is first
  await page.getByLabel(/Name on card/).fill(name);
  await page.getByLabel(/Card number/).fill('4242 4242 4242 4242');
  await page.getByLabel(/Expiry/).fill('11/33');
  await page.getByLabel(/CVC/).fill('321');
  await page.getByRole('button', { name: /Pay \$300\.00/ }).click();
  await expect(page).toHaveURL(/\/payment-confirmation\?.*redirect_status=succeeded/);

  // One receipt .eml lands in the outbox with the acknowledgement and a signed link.
  const link = await waitForMailLink(email, /https?:\/\/[^\s"<>]+\/receipts\/AUTO-[0-9]+-[0-9]+\?sig=[0-9a-f]+/);
  const receipts = readMails().filter((m) => m.to.toLowerCase().includes(email) && m.subject.includes('donation receipt'));
  expect(receipts).toHaveLength(1);
  expect(receipts[0].body).toContain(ACKNOWLEDGEMENT);
  // The e2e site runs the sandbox: its receipts are marked, in the e-mail and on the sheet.
  expect(receipts[0].subject).toMatch(/^TEST — not a receipt: Your donation receipt/);
  expect(receipts[0].body).toContain('TEST — not a receipt. This gift was made on a test site');
  expect(receipts[0].body).toContain('Amount: $300.00');
  expect(receipts[0].body).toContain('In memory of my father');

  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  const sheet = page.getByRole('article', { name: 'Donation receipt' });
  await expect(sheet).toContainText('$300.00');
  await expect(sheet).toContainText(name);
  await expect(sheet).toContainText(ACKNOWLEDGEMENT);
  await expect(sheet).toContainText('TEST — not a receipt.');
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  // The guest, without an account, downloads the same receipt as the temple's PDF letter.
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^receipt-AUTO-[0-9]+-[0-9]+\.pdf$/);
  const pdf = await pdfText(await download.path());
  expect(pdf.flat).toContain('Receipt for your gift');
  expect(pdf.flat).toContain(name);
  expect(pdf.flat).toContain('$300.00');
  expect(pdf.flat).toContain('In memory of my father');
  expect(pdf.flat).toContain(ACKNOWLEDGEMENT);
  expect(pdf.flat).toContain('TEST — not a receipt');
});

test('the treasurer refunds part of a card gift and sends the year-end statements', async ({ page, signInAs }) => {
  // A guest's card gift (sandbox) and a member's Zelle gift received this year.
  const guest = uniqueEmail('refund');
  const guestName = `Refund Guest ${uid()}`;
  const intent = await api<{ paymentIntentId: string; clientSecret: string }>('POST', '/api/payments/create-payment-intent', {
    body: {
      amount: 80,
      metadata: { eventId: 'direct-donation', donationDetails: JSON.stringify([{ donationTypeId: 'custom', amount: 80, name: 'Other' }]) },
      donorName: guestName,
      donorEmail: guest,
    },
  });
  await api('POST', '/api/payments/sandbox/confirm', { body: { ...intent, outcome: 'succeeded' } });
  const donor = await newMember({ firstName: 'Statement', lastName: `Donor${uid()}` });
  const gift = await zelleConfirm(donor.token, 251);
  await markReceived(gift.payment.id);
  await signInAs(await adminSession());

  await page.goto('/admin?tab=payments');
  await page.getByRole('textbox', { name: 'Search donor or receipt' }).fill(guest);
  const table = page.getByRole('table', { name: 'Payments' });
  const row = table.getByRole('row').filter({ hasText: guestName });
  await expect(row).toContainText('$80.00');
  await row.getByRole('button', { name: /^Refund / }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Refund amount/).fill('30');
  await dialog.getByLabel(/Note/).fill('Donor asked');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expectToast(page, 'Part of the payment refunded');
  await expect(row).toContainText('$30.00 refunded');
  await row.getByRole('button', { name: /^History of / }).click();
  const history = page.getByRole('table', { name: 'Payment history' });
  await expect(history).toContainText('Refunded $30.00');
  await expect(history).toContainText('Donor asked');
  await page.getByRole('button', { name: 'Close' }).click();

  // Year-end statements for this year: the member gets one with the acknowledgement.
  const year = String(new Date().getFullYear());
  await choose(page, page, /^Year$/, year);
  await page.getByRole('button', { name: `Send statements for ${year}` }).click();
  await expectToast(page, `Sending statements for ${year}`);
  await expect(page.getByTestId('statement-progress')).toContainText(' 0 remaining', { timeout: 15_000 });
  await waitForMailLink(donor.email, new RegExp(`Total for ${year}: \\$[0-9,.]+`));
  const statements = readMails().filter((m) => m.to.toLowerCase().includes(donor.email) && m.subject.includes('giving statement'));
  expect(statements).toHaveLength(1);
  expect(statements[0].body).toContain('$251.00');
  expect(statements[0].body).toContain(ACKNOWLEDGEMENT);
});
