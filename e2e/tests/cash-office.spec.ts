import { test, expect } from '../support/fixtures';
import { newStaff, uid, type Session } from '../support/api';
import { baseURL } from '../support/env';
import { expectSettled } from '../support/ui';

// The treasurer's cash office (docs/product.md#the-cash-office) on a 1024×768 tablet: a hundi count by bill and coin,
// confirmed by two different treasurers (the second locks it), then a bank deposit of the count and
// a check taken at the counter, its printed slip, and the bank clearing it.

test.use({ viewport: { width: 1024, height: 768 } });

/** A sale paid by check at the counter, recorded through the API as the front desk would. */
async function checkSale(desk: Session, donor: string): Promise<void> {
  const res = await fetch(`${baseURL()}/api/counter/sales`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${desk.token}`, 'Idempotency-Key': `e2e-cash-office-${uid()}` },
    body: JSON.stringify({
      donor: { name: donor },
      lines: [{ donationTypeId: 'custom', amount: 25, name: 'General donation' }],
      tenders: [{ method: 'check', amount: 25, checkNumber: '1042', bank: 'Golden 1', checkDate: '2026-11-20' }],
    }),
  });
  expect(res.status, await res.text()).toBe(201);
}

test('two treasurers count and lock a hundi, then one deposits it with a check, prints the slip and marks it cleared', async ({ page, signInAs, openWindow }) => {
  const radha = await newStaff(['treasurer'], { firstName: 'Radha', lastName: `Count${uid()}` });
  const gopal = await newStaff(['treasurer'], { firstName: 'Gopal', lastName: `Count${uid()}` });
  const box = `Main hundi ${uid()}`;
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await signInAs(radha);

  // The count, from the admin page's button: 3 × $20 + 12 × $1 + 7 quarters = $73.75.
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Hundi counts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hundi counts' })).toBeVisible();
  await page.getByRole('link', { name: 'New count' }).click();
  const boxField = page.getByRole('textbox', { name: 'Box' });
  await expect(boxField).toBeFocused();
  await boxField.fill(box);
  await page.getByRole('textbox', { name: '$20 bills' }).fill('3');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: '$1 bills' })).toBeFocused();
  await page.keyboard.type('12');
  await page.getByRole('textbox', { name: 'Quarters' }).fill('7');
  await expect(page.getByRole('status').filter({ hasText: 'Total' })).toHaveText('Total $73.75');
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 2, name: new RegExp(box) })).toBeVisible();
  await expect(page.getByText('Waiting for 2 confirmations')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Figures of the count' }).getByRole('row', { name: 'Total $73.75' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm this count' }).click();
  await expect(page.getByText(`Confirmed by Radha ${radha.lastName} — waiting for a second person`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm this count' })).toBeDisabled();
  await expect(page.getByText('You made the first confirmation: the second must come from another person.')).toBeVisible();

  // The second treasurer, on another tablet, confirms it: it locks.
  const second = await openWindow(gopal);
  await second.goto(page.url());
  await second.getByRole('button', { name: 'Confirm this count' }).click();
  await expect(second.getByText('Locked', { exact: true })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Correct' })).toHaveCount(0);
  await expect(second.getByRole('button', { name: 'Discard' })).toHaveCount(0);

  // A $25 check comes in at the counter.
  const desk = await newStaff(['front_desk'], { firstName: 'Desk', lastName: 'Volunteer' });
  const donor = `Meena ${uid()}`;
  await checkSale(desk, donor);

  // The deposit: the count and the check, and nothing else waiting.
  await page.goto('/deposits');
  await expectSettled(page);
  await page.getByRole('checkbox', { name: new RegExp(box) }).check();
  await page.getByRole('checkbox', { name: new RegExp(`Check 1042 · Golden 1 Dated Nov 20, 2026 · ${donor}`) }).check();
  const totals = page.getByRole('status', { name: 'Deposit totals' });
  await expect(totals).toContainText('Cash$73.75');
  await expect(totals).toContainText('Checks (1)$25.00');
  await expect(totals).toContainText('Total$98.75');
  await page.getByRole('textbox', { name: 'Note' }).fill('Bag 12');
  await page.getByRole('button', { name: 'Make deposit · $98.75' }).click();

  // The slip lists the count and the check, with the totals.
  await expect(page).toHaveURL(/\/deposits\/[0-9a-f-]+$/);
  const slip = page.getByRole('article', { name: 'Deposit slip' });
  await expect(slip.getByRole('heading', { level: 1 })).toHaveText(/^Deposit slip D-\d{8}-\d+$/);
  const number = ((await slip.getByRole('heading', { level: 1 }).textContent()) ?? '').replace('Deposit slip ', '');
  await expect(slip.getByRole('table', { name: 'Cash' })).toContainText(`Hundi: ${box}`);
  await expect(slip.getByRole('table', { name: 'Cash' }).getByRole('row', { name: /Cash total/ })).toContainText('$73.75');
  const checks = slip.getByRole('table', { name: 'Checks' });
  await expect(checks.getByRole('row', { name: `1042 Golden 1 Nov 20, 2026 ${donor} $25.00` })).toBeVisible();
  await expect(checks.getByRole('row', { name: 'Checks total (1 check) $25.00' })).toBeVisible();
  await expect(slip).toContainText('Total deposit$98.75');

  // Print: the browser's print dialog gets the slip alone.
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Mark cleared' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'All deposits' })).toBeHidden();
  await expect(slip).toBeVisible();
  await expect(checks).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The bank shows the money: cleared, and final.
  await page.getByRole('button', { name: 'Mark cleared' }).click();
  await page.getByRole('button', { name: 'Yes, mark cleared' }).click();
  await expect(slip.getByText(new RegExp(`\\(Radha ${radha.lastName}\\)$`))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark cleared' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Take apart' })).toHaveCount(0);

  // The count now stands in the deposit; the deposit is listed as cleared.
  await second.reload();
  await expect(second.getByText(`In deposit ${number}`)).toBeVisible();
  await page.getByRole('link', { name: 'All deposits' }).click();
  const listed = page.getByRole('list', { name: 'Deposits' }).getByRole('link').filter({ hasText: number });
  await expect(listed).toContainText('$98.75');
  await expect(listed).toContainText('Cleared');
});
