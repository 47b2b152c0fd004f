import { test, expect } from '../support/fixtures';
import { api } from '../support/api';

test('home page renders the temple name from /api/config', async ({ page }) => {
  const config = await api<{ templeName: string }>('GET', '/api/config');
  expect(config.templeName).toBe('Sri Venkateswara Temple of Folsom');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(config.templeName);
  await expect(page.getByRole('banner').getByText(config.templeName)).toBeVisible();
});
