import { test, expect } from '../support/fixtures';
import { adminSession, api, newMember, uid, zelleConfirm, type Payment } from '../support/api';
import { pdfText } from '../support/pdf';
import { choose } from '../support/ui';

/** The start of the IRS acknowledgement of a gift for which nothing was given in return. */
const ACKNOWLEDGEMENT_START = 'No goods or services were provided';

type Statement = { year: number; organization: string; donorName: string; total: string; acknowledgement: string };

/** Marks a pending Zelle payment received, as the treasurer does. */
async function markReceived(paymentId: string) {
  const admin = await adminSession();
  await api<Payment>('POST', `/api/admin/payments/${paymentId}/status`, { token: admin.token, body: { status: 'completed' } });
}

/** The year of a moment in the temple's zone, where statements are counted. */
function templeYear(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { timeZone: 'America/Los_Angeles', year: 'numeric' });
}

test("a member downloads the year's giving statement as a PDF, and the treasurer every donor's in one", async ({ page, signInAs, openWindow }) => {
  const member = await newMember({ firstName: 'Pdf', lastName: `Donor${uid()}` });
  const name = `${member.firstName} ${member.lastName}`;
  const first = await zelleConfirm(member.token, 251);
  await markReceived(first.payment.id);
  const second = await zelleConfirm(member.token, 50);
  await markReceived(second.payment.id);
  const year = templeYear(first.payment.paymentDate);
  // What the statement page shows, from the same records the PDF is written from.
  const statement = await api<Statement>('GET', `/api/payments/mine/statements/${year}`, { token: member.token });
  expect(statement.total).toBe('301.00');
  expect(statement.acknowledgement.startsWith(ACKNOWLEDGEMENT_START)).toBe(true);
  await signInAs(member);

  // The member opens the year's statement from My Donations and downloads it, from the keyboard.
  await page.goto('/my-donations');
  await page.getByRole('link', { name: `Statement ${year}` }).click();
  await expect(page.getByRole('heading', { name: `Giving statement ${year}` })).toBeVisible();
  const button = page.getByRole('button', { name: 'Download PDF' });
  await button.focus();
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`giving-statement-${year}.pdf`);
  await expect(button).toBeEnabled();
  await expect(button).toBeFocused();
  await expect(page.getByText(/could not be downloaded/)).toHaveCount(0);

  const pdf = await pdfText(await download.path());
  expect(pdf.flat).toContain(statement.organization);
  expect(pdf.flat).toContain(name);
  expect(pdf.flat).toContain(year);
  expect(pdf.flat).toContain('$251.00');
  expect(pdf.flat).toContain('$50.00');
  expect(pdf.flat).toMatch(/Total[^$]*\$301\.00/);
  expect(pdf.flat).toContain(ACKNOWLEDGEMENT_START);

  // The treasurer downloads every donor's statement of the year in one PDF, to print and mail.
  const admin = await openWindow(await adminSession());
  await admin.goto('/admin?tab=payments');
  await choose(admin, admin, /^Year$/, year);
  await expect(admin.getByText("One PDF with every donor's statement, to print and mail to donors without an e-mail address.")).toBeVisible();
  const downloadingAll = admin.waitForEvent('download', { timeout: 30_000 });
  await admin.getByRole('button', { name: 'Download all as PDF' }).click();
  const all = await downloadingAll;
  expect(all.suggestedFilename()).toBe(`giving-statements-${year}.pdf`);
  const statements = await pdfText(await all.path());
  expect(statements.flat).toContain(name);
  expect(statements.flat).toContain(statement.organization);
  await expect(admin.getByRole('button', { name: 'Download all as PDF' })).toBeEnabled();
});
