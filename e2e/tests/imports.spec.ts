import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { adminSession, api, newAdmin, newStaff, uid } from '../support/api';

// Moving in (docs/product.md#imports): an admin imports a 200-row members file whose suggested
// mapping reads an old gotram column with 3 misspellings, reads the dry run's report, maps the
// corrected column instead, imports, and the front desk then finds an imported member at the
// counter; the member's imported gifts show on their record.

function membersFile(tag: string): string {
  const rows = ['Member ID,First Name,Last Name,Email,Phone,Gotra,Gotram (corrected)'];
  for (let i = 1; i <= 200; i++) {
    const old = i % 66 === 0 ? 'Kashyap' : 'Kashyapa';
    rows.push(`${tag}-${i},Devotee${i},Import${tag},devotee${i}.${tag}@e2e.mandir.test,916-555-${String(i).padStart(4, '0')},${old},Kashyapa`);
  }
  return `\ufeff${rows.join('\r\n')}\r\n`;
}

test('an admin imports a members file after fixing its mapping, and the counter finds the imported member with their gifts', async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  const admin = await newAdmin();
  const tag = uid();
  await signInAs(admin);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Import members or gifts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import members or gifts' })).toBeVisible();

  await page.getByLabel('File to import').setInputFiles({ name: 'old-chms.csv', mimeType: 'text/csv', buffer: Buffer.from(membersFile(tag)) });
  const gotram = page.getByRole('combobox', { name: /^Gotram/ });
  await expect(gotram).toHaveValue('Gotra');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The dry run finds the three misspelt gotrams and writes nothing.
  await page.getByRole('button', { name: 'Check the file' }).click();
  const problems = page.getByRole('table', { name: 'Problems found' });
  await expect(problems.getByRole('row').filter({ hasText: "gotram 'Kashyap' not found, did you mean Kashyapa?" })).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The corrected column instead: no problem left, 200 accounts.
  await gotram.selectOption('Gotram (corrected)');
  await page.getByRole('button', { name: 'Check the file again' }).click();
  await expect(page.getByText(/200 new accounts/)).toBeVisible();
  await expect(problems).toHaveCount(0);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/^Imported 200 members/)).toBeVisible();
  const history = page.getByRole('table', { name: 'Past imports' });
  await expect(history.getByRole('row').filter({ hasText: 'old-chms.csv' })).toContainText('Done');

  // Their giving history, imported by the API as a second file would be.
  const gifts = `Gift ID,Date,Amount,Fund,Payment Method,Check No,Member ID\r\nG-${tag},03/05/2024,"$1,001.00",General,Check,1234,${tag}-7\r\n`;
  const mapping = { sourceId: 'Gift ID', date: 'Date', amount: 'Amount', fund: 'Fund', method: 'Payment Method', checkNumber: 'Check No', memberId: 'Member ID' };
  await api('POST', '/api/admin/imports', {
    token: (await adminSession()).token,
    body: { kind: 'gifts', fileName: 'gifts.csv', content: Buffer.from(gifts).toString('base64'), mapping, skipInvalid: false },
  });

  // The front desk finds the member at the counter.
  const desk = await newStaff(['front_desk']);
  await signInAs(desk);
  await page.goto('/counter');
  await page.getByRole('combobox', { name: /Find a member/ }).fill(`Devotee7 Import${tag}`);
  await expect(page.getByRole('option', { name: new RegExp(`Devotee7 Import${tag}`) })).toBeVisible();

  // And the admin sees the imported gift on the member's record.
  await signInAs(admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.getByRole('textbox', { name: 'Search members' }).fill(`devotee7.${tag}`);
  await page.getByRole('button', { name: `Details: Devotee7 Import${tag}` }).click();
  const dialog = page.getByRole('dialog', { name: `Devotee7 Import${tag}` });
  await expect(dialog.getByText(/Direct donation\s*\(imported\)/)).toBeVisible();
  await expect(dialog.getByText('$1,001.00')).toBeVisible();
});
