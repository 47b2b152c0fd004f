import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { adminSession, api, newMember, uid, uniqueEmail } from '../support/api';
import { waitForMailLink } from '../support/outbox';
import { choose, expectSettled, expectToast } from '../support/ui';

// Recurring gifts by card (ADR 0136): a donor gives every month to a fund with the sandbox's card
// form; the card is saved and, the first gift being today, charged at once. A member manages the
// gift on My Donations; a guest by the signed link on the page and in every e-mail about it. The
// run's database is shared by parallel tests: each test gives to a fund of its own.

type Fund = { id: string; name: string };
type Gift = { id: string; status: string; amount: string; fundId: string; charges: { status: string }[] };

/** The temple's today, "YYYY-MM-DD" (a gift's first date by default). */
function templeToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** A fund of the test's own, named `<name> <uid>`. */
async function newFund(name: string): Promise<Fund> {
  const admin = await adminSession();
  return api<Fund>('POST', '/api/funds', { token: admin.token, body: { name: `${name} ${uid()}`, description: 'Prasadam and meals for every devotee.' } });
}

/** Fills the sandbox's TEST MODE card form. */
async function fillCard(form: Locator, number: string, name = 'Radha Iyer') {
  await form.getByLabel(/Name on card/).fill(name);
  await form.getByLabel(/Card number/).fill(number);
  await form.getByLabel(/Expiry/).fill('12/34');
  await form.getByLabel(/CVC/).fill('123');
}

async function expectNoAxeViolations(page: Page, include?: string) {
  await expectSettled(page);
  const axe = new AxeBuilder({ page });
  if (include) axe.include(include);
  expect((await axe.analyze()).violations).toEqual([]);
}

test('a member gives $25 a month to Annadanam by card, sees its first gift on My Donations, changes it to $51 and cancels it', async ({ page, signInAs }) => {
  const fund = await newFund('Annadanam');
  const member = await newMember({ firstName: 'Radha', lastName: `Giver${uid()}` });
  await signInAs(member);

  // From the donate page's entry point.
  await page.goto('/donate');
  await page.getByRole('link', { name: 'Give monthly' }).click();
  await expect(page).toHaveURL(/\/donate\/monthly$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Give monthly' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await expect(page.getByLabel(/First gift on/)).toHaveValue(templeToday());
  await expect(page.getByRole('radio', { name: 'E-mail a receipt for each gift' })).toBeChecked();
  await expect(page.getByText(`Your receipts go to ${member.firstName} ${member.lastName} at ${member.email}.`)).toBeVisible();
  // The form's rules before anything is asked of the server.
  await page.getByRole('button', { name: 'Continue to card' }).click();
  await expect(page.getByText('Amount must be at least 1')).toBeVisible();
  await page.getByLabel(/^Amount/).fill('25');
  await choose(page, page, /^Fund/, fund.name);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue to card' }).click();

  // The card step: the sandbox's form saves 4242 4242 4242 4242.
  await expect(page.getByRole('heading', { level: 1, name: 'Your card' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('$25.00 monthly');
  await expect(page.getByRole('main')).toContainText(fund.name);
  const card = page.getByRole('form', { name: 'Card (test mode)' });
  await expect(card.getByText('TEST MODE', { exact: true })).toBeVisible();
  await fillCard(card, '4242 4242 4242 4242');
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Start my monthly gift' }).click();

  // Set up, and charged at once: the first gift is today.
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(`Your monthly gift of $25.00 to ${fund.name} is set up.`);
  await expect(main).toContainText('It was made today: thank you!');
  await expect(main).toContainText('Visa ending 4242, expires 12/34');
  await expect(main.getByText('Your first gift did not go through')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // On My Donations, with its first gift and that gift's receipt.
  await main.getByRole('link', { name: 'My Donations' }).click();
  await expect(page).toHaveURL(/\/my-donations$/);
  const donations = page.getByRole('table', { name: 'My donations' });
  await expect(donations.getByRole('row').filter({ hasText: '$25.00' })).toHaveCount(1);
  const section = page.getByRole('region', { name: 'Recurring gifts', exact: true });
  const gift = section.getByRole('listitem').filter({ hasText: `$25.00 monthly to ${fund.name}` });
  await expect(gift).toContainText('Active');
  await expect(gift).toContainText('Visa ending 4242, expires 12/34');
  await expect(gift).toContainText('A receipt for each gift');
  const recent = gift.getByRole('table', { name: `Recent gifts: $25.00 monthly to ${fund.name}` });
  await expect(recent.getByRole('row')).toHaveCount(2);
  await expect(recent).toContainText('Completed');
  await expect(recent.getByRole('link')).toHaveAttribute('href', /^\/receipts\/.+/);
  await expectNoAxeViolations(page);

  // Changed to $51 a month.
  await gift.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your gift' });
  await expect(dialog.getByLabel(/^Amount/)).toHaveValue('25.00');
  await dialog.getByLabel(/^Amount/).fill('51');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Gift changed', `$51.00 monthly to ${fund.name}`);
  await expect(dialog).toBeHidden();
  const changed = section.getByRole('listitem').filter({ hasText: `$51.00 monthly to ${fund.name}` });
  await expect(changed).toContainText('Active');

  // Canceled, after asking: it stays listed with its gift, and nothing more can be done with it.
  await changed.getByRole('button', { name: 'Cancel gift' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel this recurring gift?' });
  await expect(confirm).toContainText(`Your gift of $51.00 monthly to ${fund.name} ends now`);
  await confirm.getByRole('button', { name: 'Cancel gift' }).click();
  await expectToast(page, 'Recurring gift canceled');
  await expect(confirm).toBeHidden();
  await expect(changed).toContainText('Canceled');
  await expect(changed.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);

  const mine = await api<Gift[]>('GET', '/api/recurring-gifts/mine', { token: member.token });
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ status: 'canceled', amount: '51.00', fundId: fund.id });
  expect(mine[0].charges.map((c) => c.status)).toEqual(['completed']);
});

test('a guest’s first monthly gift is declined; the treasurer sees it, and the guest updates the card from the gift’s link', async ({ page, openWindow }) => {
  const fund = await newFund('Annadanam');
  const email = uniqueEmail('monthly-guest');

  await page.goto('/donate/monthly');
  await page.getByLabel(/^Amount/).fill('21');
  await choose(page, page, /^Fund/, fund.name);
  // A guest gives a name and an e-mail, for the receipts and the gift's link.
  await page.getByRole('button', { name: 'Continue to card' }).click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await page.getByLabel(/Your name/).fill('Meera Guest');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Continue to card' }).click();

  // 4000 0000 0000 0341 is saved, and declined when charged.
  const card = page.getByRole('form', { name: 'Card (test mode)' });
  await fillCard(card, '4000 0000 0000 0341', 'Meera Guest');
  await card.getByRole('button', { name: 'Start my monthly gift' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  const failure = page.getByRole('alert').filter({ hasText: 'Your first gift did not go through' });
  await expect(failure).toContainText('Your card was declined.');
  await expect(failure).toContainText('It is tried again on');
  await expect(failure.getByRole('button', { name: 'Use another card' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Visa ending 0341, expires 12/34');
  const manage = page.getByRole('link', { name: "your gift's own page" });
  await expect(manage).toHaveAttribute('href', /^\/giving\/recurring\/[^?]+\?token=.+/);
  await expectNoAxeViolations(page);

  // The treasurer's list shows the gift retrying after its failed charge.
  const admin = await adminSession();
  const adminPage = await openWindow(admin);
  await adminPage.goto('/admin?tab=recurring-gifts');
  const tab = adminPage.getByRole('region', { name: 'Recurring Gifts' });
  await expect(tab.getByRole('combobox', { name: 'Status' })).toHaveText('Paused');
  await choose(adminPage, tab, 'Status', 'Active');
  const row = tab.getByRole('table', { name: 'Recurring gifts' }).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Meera Guest');
  await expect(row).toContainText('$21.00');
  await expect(row).toContainText(fund.name);
  await expect(row).toContainText('1 of 3');
  await expect(row).toContainText('Your card was declined.');
  await expectNoAxeViolations(adminPage);

  // The guest opens the gift from the link e-mailed about it, in a browser without any session.
  const mailed = new URL(await waitForMailLink(email, /https?:\/\/[^\s"<>]+\/giving\/recurring\/[A-Za-z0-9_\-%.]+\?token=[A-Za-z0-9_\-%.]+/));
  expect(mailed.pathname).toBe(new URL((await manage.getAttribute('href'))!, mailed.origin).pathname);
  const guest = await openWindow();
  await guest.goto(`${mailed.pathname}${mailed.search}`);
  const gift = guest.getByRole('region', { name: `$21.00 monthly to ${fund.name}` });
  await expect(gift).toContainText('The last gift could not be charged: Your card was declined.');
  await expect(gift).toContainText('Visa ending 0341, expires 12/34');
  await expect(gift.getByRole('table')).toContainText('Declined');
  await expectNoAxeViolations(guest);

  // A new card: 4242 is saved and the declined gift is tried again with it at once.
  await gift.getByRole('button', { name: 'Update card' }).click();
  const dialog = guest.getByRole('dialog', { name: 'Update your card' });
  await expect(dialog).toContainText('It replaces the Visa ending 0341, expires 12/34.');
  const newCard = dialog.getByRole('form', { name: 'Card (test mode)' });
  await fillCard(newCard, '4242 4242 4242 4242', 'Meera Guest');
  await expectNoAxeViolations(guest, '[role="dialog"]');
  await newCard.getByRole('button', { name: 'Save card' }).click();
  await expectToast(guest, 'Card updated', 'Visa ending 4242, expires 12/34');
  await expect(dialog).toBeHidden();
  await expect(gift).toContainText('Visa ending 4242, expires 12/34');
  await expect(gift).not.toContainText('could not be charged');
  await expect(gift.getByRole('table')).toContainText('Completed');
  await expect(gift).toContainText('Active');
  await expectNoAxeViolations(guest);
});

test('the recurring gifts’ pages are accessible while their data is still loading, in light and dark', async ({ page }) => {
  // Every API request is held unanswered: the pages show their loading states.
  await page.route('**/api/**', () => undefined);
  for (const path of ['/donate/monthly', '/giving/recurring/00000000-0000-4000-8000-000000000001?token=abc']) {
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((t) => window.localStorage.setItem('vite-ui-theme', t), theme);
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/);
      // The page's own chunk has come (its heading), its data has not.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect((await new AxeBuilder({ page }).analyze()).violations, `${path} (${theme})`).toEqual([]);
    }
  }
});
