import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import { api, newStaff, uid } from '../support/api';

// A building campaign (docs/product.md#funds): the treasurer makes a fund with a goal and points a
// donation type at it; a gift of that type at the counter shows on the fund's public page, with
// its progress bar, as a visitor without an account sees it.

type Fund = { id: string; name: string };

test('a fund page shows what its campaign has raised toward the goal', async ({ page }) => {
  const treasurer = await newStaff(['treasurer']);
  const desk = await newStaff(['front_desk']);
  const name = `Gopuram ${uid()}`;
  const fund = await api<Fund>('POST', '/api/funds', {
    token: treasurer.token,
    body: { name, description: 'A new five-tier tower over the main entrance.', goal: '1000', restricted: true },
  });
  const type = await api<{ id: string }>('POST', '/api/donation-types', {
    token: treasurer.token,
    body: { name: `Gopuram brick ${uid()}`, fundId: fund.id },
  });
  await api('POST', '/api/counter/sales', {
    token: desk.token,
    headers: { 'Idempotency-Key': `e2e-fund-${uid()}` },
    body: {
      donor: { name: 'Venkat Reddy' },
      lines: [
        { donationTypeId: type.id, amount: 500, name: 'Gopuram brick' },
        { donationTypeId: 'custom', amount: 11, name: 'Archana' },
      ],
      tenders: [{ method: 'cash', amount: 511 }],
    },
  });

  await page.goto('/funds');
  const card = page.getByRole('list', { name: 'Funds' }).getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('$500.00 of $1,000.00 · 1 donor');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/funds/${fund.id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('$500.00 of $1,000.00 · 1 donor')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: `${name}: raised toward the goal` })).toHaveAttribute('aria-valuenow', '50');
  await expect(page.getByText('Restricted: given for this purpose only')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('link', { name: 'Give' }).click();
  await expect(page).toHaveURL(/\/donate/);

  await page.goto('/funds/no-such-fund');
  await expect(page.getByRole('heading', { level: 1, name: 'Fund not found' })).toBeVisible();
});
