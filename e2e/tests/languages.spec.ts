import { expect } from '@playwright/test';
import { adminSession, api, newMember, uid } from '../support/api';
import { test } from '../support/fixtures';
import { readMails } from '../support/outbox';
import { textContaining, textedCode, zoneAtHour } from '../support/texts';
import { expectNoAxeViolations, expectNoHorizontalOverflow, templeDay } from '../support/ui';

// Issue 32, languages (ADR 0149): a visitor switches to Telugu in the header and the home page, a
// seva's page and the donate page arrive rendered in Telugu (the server's markup, <html lang="te">),
// axe-clean and without overflow at 390 px; a member chooses Tamil in Account Settings, books a seva
// in Tamil, and gets the Tamil e-mail and, having opted in with the code, a Tamil text.


async function freeSeva(name: string): Promise<{ id: string; name: string }> {
  const admin = await adminSession();
  return api('POST', '/api/sevas', {
    token: admin.token,
    body: {
      name, description: 'Archana in the sanctum', category: 'temple', priceCents: 0, priceKind: 'fixed',
      durationMinutes: 15, weekdays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
      capacityMode: 'slots', slots: [{ time: '09:00', capacity: 5 }], horizonDays: 60, cutoffHours: 12,
    },
  });
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a visitor switches to Telugu, and the home, a seva and the donate page are in Telugu from the server on', async ({ page, browser }) => {
    const seva = await freeSeva(`Archana ${uid()}`);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Language: English. Change language' }).click();
    await page.getByRole('menuitem', { name: 'తెలుగు' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'te');
    await expect(page.getByRole('button', { name: 'భాష: తెలుగు. భాష మార్చండి' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'విరాళం ఇవ్వండి' }).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('te-home-390.png'), fullPage: false });

    await page.goto(`/sevas/${seva.id}`);
    await expect(page.getByRole('heading', { level: 1, name: seva.name })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'అందుబాటులో ఉన్న తేదీలు' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    await page.goto('/donate');
    await expect(page.getByRole('heading', { level: 1, name: 'విరాళం ఇవ్వండి' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('te-donate-390.png'), fullPage: true });

    // The server sends the page in Telugu before any script runs (the cookie remembers the choice).
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'mandir_lang')?.value).toBe('te');
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await noScript.addCookies(cookies.filter((c) => c.name === 'mandir_lang'));
    const bare = await noScript.newPage();
    await bare.goto(`/sevas/${seva.id}`);
    await expect(bare.locator('html')).toHaveAttribute('lang', 'te');
    await expect(bare.getByRole('heading', { level: 1, name: seva.name })).toBeVisible();
    await expect(bare.locator('link[rel="alternate"][hreflang="ta"]')).toHaveAttribute('href', new RegExp(`/sevas/${seva.id}\\?lang=ta$`));
    await noScript.close();
  });
});

test('a member chooses Tamil, books a seva in Tamil, and gets the Tamil e-mail and text', async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  const seva = await freeSeva(`Archana ${uid()}`);
  const member = await newMember({ firstName: 'Meenakshi', lastName: 'Sundaram' });
  await api('POST', '/api/users/me/family', { token: member.token, body: { name: 'Kamala Sundaram', relation: 'Mother', gotram: 'Bharadwaja' } });
  // Texts opted into with the code texted to the number (the code's form is tested in texting.spec.ts).
  const digits = String(Date.now()).slice(-4);
  const phone = `+1916556${digits}`;
  await api('POST', '/api/account/texting/code', { token: member.token, body: { phone } });
  const code = await textedCode(phone);
  await api('POST', '/api/account/texting/verify', {
    token: member.token,
    body: { code, kinds: ['confirmations'], timeZone: zoneAtHour(12) },
  });

  await signInAs(member);
  await page.goto('/profile?tab=settings');
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'தமிழ்' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(page.getByRole('combobox', { name: 'மொழி' })).toBeVisible();

  await page.goto(`/sevas/${seva.id}`);
  // A day no other journey books: the sevas journey expects its day's schedule to be its own.
  const date = templeDay(15);
  const dates = page.getByRole('grid', { name: 'கிடைக்கும் தேதிகள்' });
  await expect(dates).toBeVisible();
  while (!(await dates.locator(`[data-date="${date}"]`).count())) {
    await page.getByRole('button', { name: 'அடுத்த தேதிகள்' }).click();
    await expect(dates).toBeVisible();
  }
  await dates.locator(`[data-date="${date}"]`).click();
  await page.getByRole('button', { name: /9:00/ }).click();
  await page.getByRole('checkbox', { name: /Kamala Sundaram/ }).check();
  await page.getByRole('button', { name: 'முன்பதிவு செய்', exact: true }).click();
  await expect(page.getByText(/முன்பதிவு செய்யப்பட்டது/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await expect.poll(() => readMails().find((m) => m.to.includes(member.email) && m.subject.includes(seva.name))?.subject ?? '', { timeout: 60_000 })
    .toContain('முன்பதிவு');
  const mail = readMails().find((m) => m.to.includes(member.email) && m.subject.includes(seva.name));
  expect(mail?.body).toContain('வணக்கம் Meenakshi');
  const text = await textContaining(phone, seva.name, 60_000);
  expect(text).toContain('முன்பதிவு செய்யப்பட்டது');
  expect(text.trim().endsWith('Reply STOP to opt out.')).toBe(true);
});


test.describe('every language at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // Tamil and Kannada words run long (issue 32: text may grow by 40%): no public page may overflow
  // or lose its accessibility in any language.
  for (const lang of ['te', 'ta', 'hi', 'kn']) {
    test(`the public pages in ${lang} fit a phone and stay axe-clean`, async ({ page }) => {
      test.setTimeout(120_000);
      for (const path of ['/', '/events', '/sevas', '/donate', '/funds', '/panchangam', '/contact', '/sign-in', '/sign-up']) {
        await page.goto(`${path}?lang=${lang}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('main')).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await expectNoAxeViolations(page);
      }
    });
  }
});
