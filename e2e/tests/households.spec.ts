import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { adminSession, api, newMember, uid, zelleConfirm, type Payment } from '../support/api';
import { waitForMailLink } from '../support/outbox';
import { pdfText } from '../support/pdf';
import { expectSettled, expectToast } from '../support/ui';

// Households (docs/product.md#households): two members form one by invitation, and the year's
// statement becomes one joint statement of both members' gifts, in both names, mailed to the
// household's address, on screen and as the PDF either of them downloads.

/** Marks a pending Zelle payment received, as the treasurer does. */
async function markReceived(paymentId: string) {
  const admin = await adminSession();
  await api<Payment>('POST', `/api/admin/payments/${paymentId}/status`, { token: admin.token, body: { status: 'completed' } });
}

/** The year of a moment in the temple's zone, where statements are counted. */
function templeYear(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { timeZone: 'America/Los_Angeles', year: 'numeric' });
}

test('two members form a household and download one joint statement PDF', async ({ page, signInAs, openWindow }) => {
  const family = `Rao${uid()}`;
  const lakshmi = await newMember({ firstName: 'Lakshmi', lastName: family });
  const ravi = await newMember({ firstName: 'Ravi', lastName: family });
  const hers = await zelleConfirm(lakshmi.token, 101);
  await markReceived(hers.payment.id);
  const his = await zelleConfirm(ravi.token, 51);
  await markReceived(his.payment.id);
  const year = templeYear(his.payment.paymentDate);
  const household = `The ${family} family`;

  // Lakshmi forms the household, with its mailing address, and invites Ravi.
  await signInAs(lakshmi);
  await page.goto('/profile?tab=household');
  await expect(page.getByRole('heading', { name: 'Form a household' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /One joint statement/ })).toBeChecked();
  await page.getByRole('textbox', { name: /Household name/ }).fill(household);
  await page.getByRole('textbox', { name: /Mailing address/ }).fill('12 Temple Rd\nFolsom, CA 95630');
  await expectSettled(page);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Form household' }).click();
  await expectToast(page, 'Household formed', household);
  await expect(page.getByRole('heading', { name: household })).toBeVisible();
  const invite = page.getByRole('textbox', { name: /E-mail address to invite/ });
  await invite.fill(ravi.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(page, 'Invitation sent', ravi.email);
  await expect(page.getByRole('list', { name: 'Waiting invitations' })).toContainText(ravi.email);
  await expect(invite).toHaveValue('');
  await expectSettled(page);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Ravi follows the e-mail's link and accepts.
  const link = await waitForMailLink(ravi.email, /https?:\/\/[^\s"<>]+\/profile\?tab=household/);
  const hisPage = await openWindow(ravi);
  await hisPage.goto(new URL(link).pathname + new URL(link).search);
  const invitation = hisPage.getByText(`Lakshmi ${family} invited you to join ${household}.`);
  await expect(invitation).toBeVisible();
  await expectSettled(hisPage);
  expect((await new AxeBuilder({ page: hisPage }).analyze()).violations).toEqual([]);
  await hisPage.getByRole('button', { name: `Accept the invitation to ${household}` }).click();
  await expectToast(hisPage, 'You joined the household', household);
  const people = hisPage.getByRole('list', { name: 'Household members' });
  await expect(people.getByRole('listitem')).toHaveCount(2);
  await expect(people).toContainText(`Ravi ${family} (you)`);
  await expect(hisPage.getByText(`addressed to Lakshmi ${family} and Ravi ${family}`)).toBeVisible();

  // His statement is the joint one: both gifts, both names, the household's address.
  await hisPage.goto('/my-donations');
  await hisPage.getByRole('link', { name: `Statement ${year}` }).click();
  const sheet = hisPage.getByRole('article', { name: 'Giving statement' });
  await expect(sheet).toContainText(`Lakshmi ${family} and Ravi ${family}`);
  await expect(sheet).toContainText('12 Temple Rd');
  await expect(sheet.getByRole('table', { name: `Gifts in ${year}` })).toContainText('$152.00');
  const downloading = hisPage.waitForEvent('download', { timeout: 30_000 });
  await hisPage.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await pdfText(await (await downloading).path());
  expect(pdf.flat).toContain(`Lakshmi ${family} and Ravi ${family}`);
  expect(pdf.flat).toContain('12 Temple Rd');
  expect(pdf.flat).toContain('Folsom, CA 95630');
  expect(pdf.flat).toContain('$101.00');
  expect(pdf.flat).toContain('$51.00');
  expect(pdf.flat).toMatch(/Total[^$]*\$152\.00/);
});
