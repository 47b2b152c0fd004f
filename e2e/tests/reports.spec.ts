import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { test, expect } from '../support/fixtures';
import { api, newStaff, uid } from '../support/api';

// The reports (docs/product.md#reports): a treasurer reads this year's giving with its charts,
// opens a chart's table, finds a counter gift's fund in it, and downloads the giving CSV; axe is clean.

test('the treasurer reads this year’s giving by fund, its table and its CSV', async ({ page, signInAs }) => {
  test.setTimeout(90_000);
  const treasurer = await newStaff(['treasurer']);
  const desk = await newStaff(['front_desk']);
  const tag = uid();
  const fund = await api<{ id: string }>('POST', '/api/funds', { token: treasurer.token, body: { name: `Rajagopuram ${tag}` } });
  const type = await api<{ id: string }>('POST', '/api/donation-types', { token: treasurer.token, body: { name: `Stone ${tag}`, fundId: fund.id } });
  await api('POST', '/api/counter/sales', {
    token: desk.token,
    headers: { 'Idempotency-Key': `e2e-reports-${tag}` },
    body: { donor: { name: 'Lakshmi Iyer' }, lines: [{ donationTypeId: type.id, amount: 1234, name: 'Stone' }], tenders: [{ method: 'cash', amount: 1234 }] },
  });

  await signInAs(treasurer);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const funds = page.getByRole('region', { name: 'Giving by fund', exact: true });
  await expect(funds.getByRole('img', { name: 'Bar chart of the amount given to each fund' })).toBeVisible();
  await funds.getByRole('button', { name: 'Show as table' }).click();
  await expect(funds.getByRole('row', { name: new RegExp(`Rajagopuram ${tag}`) })).toContainText('$1,234.00');
  await expect(page.getByRole('region', { name: 'Membership', exact: true })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Giving CSV' }).click();
  const text = await readFile(await (await download).path(), 'utf8');
  expect(text.split(/\r?\n/)[0]).toBe('Report,Key,Label,Amount,Count,Compared');
  expect(text).toContain(`Giving by fund,${fund.id},Rajagopuram ${tag},1234.00,1,`);
});
