import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { test, expect } from '../support/fixtures';
import { api, newStaff, uid } from '../support/api';
import { expectToast } from '../support/ui';

// The books (docs/product.md#accounting-export): the treasurer books a new fund to an account of
// its own, exports today's gifts as a general ledger (the counter's sale in it, balanced), is
// warned when exporting the same day again and exports it again on purpose; axe is clean on every tab.
// Card payouts: Reconcile now records the fee of a new card gift (ADR 0146).

type Sale = { payment: { receiptNumber: string } };

function todayInFolsom(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

test('the treasurer maps a fund, exports the day for the books, and is warned before exporting it again', async ({ page, signInAs }) => {
  test.setTimeout(90_000);
  const treasurer = await newStaff(['treasurer']);
  const desk = await newStaff(['front_desk']);
  const tag = uid();
  const fund = await api<{ id: string; name: string }>('POST', '/api/funds', { token: treasurer.token, body: { name: `Gopuram ${tag}` } });
  const type = await api<{ id: string }>('POST', '/api/donation-types', { token: treasurer.token, body: { name: `Brick ${tag}`, fundId: fund.id } });
  const code = `9${tag.replace(/\D/g, '').slice(0, 6).padEnd(6, '0')}`;
  await api('POST', '/api/admin/accounting/accounts', { token: treasurer.token, body: { code, name: `Gopuram Fund ${tag}`, kind: 'income' } });
  const sale = await api<Sale>('POST', '/api/counter/sales', {
    token: desk.token,
    headers: { 'Idempotency-Key': `e2e-books-${tag}` },
    body: { donor: { name: 'Venkat Reddy' }, lines: [{ donationTypeId: type.id, amount: 500, name: 'Brick' }], tenders: [{ method: 'cash', amount: 500 }] },
  });

  await signInAs(treasurer);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Accounting' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounting' })).toBeVisible();

  // Mappings: the fund's lines go to the new account.
  await page.getByRole('tab', { name: 'Mappings' }).click();
  const funds = page.getByRole('region', { name: 'Funds' });
  await funds.getByRole('combobox', { name: new RegExp(`^Gopuram ${tag}`) }).click();
  await page.getByRole('option', { name: `${code} Gopuram Fund ${tag}` }).click();
  await expect(funds.getByRole('combobox', { name: new RegExp(`^Gopuram ${tag}`) })).toHaveText(`${code} Gopuram Fund ${tag}`);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('tab', { name: 'Chart of accounts' }).click();
  await expect(page.getByRole('table', { name: 'Chart of accounts' })).toContainText(`Gopuram Fund ${tag}`);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // Export today as a general ledger.
  await page.getByRole('tab', { name: 'Export' }).click();
  const today = todayInFolsom();
  await page.getByLabel('From').fill(today);
  await page.getByLabel('To').fill(today);
  await page.getByRole('combobox', { name: /^Format/ }).click();
  await page.getByRole('option', { name: 'General ledger (CSV)' }).click();
  await expect(page.getByText(/entr(y|ies) \(\d+ gifts?, \d+ refunds?\)/)).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  const first = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const file = await (await first).path();
  const text = await readFile(file, 'utf8');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Entry,Date,Account code,Account,Debit,Credit,Memo,Donor,Receipt number,Payment id,Kind');
  const mine = lines.filter((l) => l.includes(sale.payment.receiptNumber));
  expect(mine).toHaveLength(2);
  expect(mine.some((l) => l.includes(`${code},Gopuram Fund ${tag},,500.00`))).toBe(true);
  expect(mine.some((l) => l.includes('1200,Undeposited Funds,500.00,'))).toBe(true);
  await expect(page.getByRole('table', { name: 'Past exports' })).toContainText('General ledger (CSV)');

  // The same day again: a warning first, then exported on purpose.
  await expect(page.getByText('This period overlaps an earlier export')).toBeVisible();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Export this period again?' });
  await expect(dialog).toContainText('was exported on');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  const second = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export again' }).click();
  expect((await second).suggestedFilename()).toBe(`mandir-gl-${today}-to-${today}.csv`);
  await expect(dialog).toBeHidden();
});

test('the treasurer reconciles card payouts: the fee of a new card gift is recorded, and a period without payouts says so', async ({ page, signInAs }) => {
  const treasurer = await newStaff(['treasurer']);
  const intent = await api<{ paymentIntentId: string; clientSecret: string }>('POST', '/api/payments/create-payment-intent', {
    body: {
      amount: 100,
      metadata: { eventId: 'direct-donation', donationDetails: JSON.stringify([{ donationTypeId: 'custom', amount: 100, name: 'Other' }]) },
      donorName: `Payout Guest ${uid()}`,
      donorEmail: `payout-${uid()}@example.org`,
    },
  });
  await api('POST', '/api/payments/sandbox/confirm', { body: { ...intent, outcome: 'succeeded' } });

  await signInAs(treasurer);
  await page.goto('/admin/accounting?tab=payouts');
  await expect(page.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/Simulated payouts/)).toBeVisible();
  // The sandbox pays a gift out two days after it was made: none of today's yet.
  await expect(page.getByText('No payouts arrived in this period.')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Reconcile now' }).click();
  // This gift's fee at least (other journeys' card gifts may be recorded in the same run).
  await expectToast(page, 'Reconciled', /[1-9]\d* fees? and 0 payouts recorded/);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
