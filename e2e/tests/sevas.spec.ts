/**
 * Seva bookings (docs/product.md#sevas): a member books an archana for two family members and pays by sandbox
 * card; an admin sees it on the day view and its printable sankalpam sheet; the member cancels
 * before the cut-off.
 */
import { expect } from '@playwright/test';
import { adminSession, api, newMember, uid } from '../support/api';
import { test } from '../support/fixtures';
import { expectToast, templeDay } from '../support/ui';


type Seva = { id: string; name: string };
type Booking = { id: string; status: string; participants: { name: string }[] };

test('a member books an archana for two family members by card, the admin sees the sankalpam sheet, the member cancels', async ({
  page,
  signInAs,
  openWindow,
}) => {
  const admin = await adminSession();
  const seva = await api<Seva>('POST', '/api/sevas', {
    token: admin.token,
    body: {
      name: `Archana ${uid()}`, description: 'Archana with the family’s names', category: 'temple', priceCents: 1100, priceKind: 'fixed',
      durationMinutes: 15, weekdays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
      capacityMode: 'slots', slots: [{ time: '09:00', capacity: 5 }], horizonDays: 60, cutoffHours: 12,
    },
  });
  const member = await newMember({ firstName: 'Ravi', lastName: 'Rao' });
  for (const person of [
    { name: 'Lakshmi Rao', relation: 'Mother', gotram: 'Kashyapa', nakshatram: 'Rohini', rasi: 'Vrishabha' },
    { name: 'Anand Rao', relation: 'Son', gotram: 'Kashyapa', nakshatram: 'Ashwini', rasi: 'Mesha' },
  ]) {
    await api('POST', '/api/users/me/family', { token: member.token, body: person });
  }
  const date = templeDay(8);

  await signInAs(member);
  await page.goto('/sevas');
  await page.getByRole('link', { name: new RegExp(seva.name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: seva.name })).toBeVisible();
  const dates = page.getByRole('grid', { name: 'Available dates' });
  await expect(dates).toBeVisible();
  while (!(await dates.locator(`[data-date="${date}"]`).count())) {
    await page.getByRole('button', { name: 'Later dates' }).click();
    await expect(dates).toBeVisible();
  }
  await dates.locator(`[data-date="${date}"]`).click();
  await page.getByRole('button', { name: /9:00 AM/ }).click();
  await page.getByRole('checkbox', { name: /Lakshmi Rao \(Kashyapa, Rohini, Vrishabha\)/ }).check();
  await page.getByRole('checkbox', { name: /Anand Rao \(Kashyapa, Ashwini, Mesha\)/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText(/Your place is held for 15 minutes/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click(); // card is first
  await page.getByLabel(/Name on card/).fill('Ravi Rao');
  await page.getByLabel(/Card number/).fill('4242 4242 4242 4242');
  await page.getByLabel(/Expiry/).fill('12/34');
  await page.getByLabel(/CVC/).fill('123');
  await page.getByRole('button', { name: /Pay \$11\.00/ }).click();
  await expectToast(page, 'Seva booked');
  await expect(page).toHaveURL(/\/dashboard$/);
  const [booking] = await api<Booking[]>('GET', '/api/seva-bookings/mine', { token: member.token });
  expect(booking.status).toBe('confirmed');
  expect(booking.participants.map((p) => p.name)).toEqual(['Lakshmi Rao', 'Anand Rao']);

  // The admin's day view: the sankalpam sheet with every name, gotram and nakshatram.
  const adminPage = await openWindow(admin);
  await adminPage.goto(`/admin/sevas/schedule?date=${date}`);
  const entry = adminPage.getByRole('article', { name: `9:00 AM ${seva.name}` });
  await expect(entry).toBeVisible();
  await expect(entry.getByText('Paid', { exact: true })).toBeVisible();
  for (const text of ['Lakshmi Rao', 'Anand Rao', 'Rohini', 'Ashwini', 'Vrishabha']) {
    await expect(entry.getByRole('cell', { name: text })).toBeVisible();
  }
  await expect(adminPage.getByRole('button', { name: 'Print sankalpam sheet' })).toBeVisible();
  await adminPage.emulateMedia({ media: 'print' });
  await expect(adminPage.getByRole('button', { name: 'Print sankalpam sheet' })).toBeHidden();
  await expect(entry.getByRole('cell', { name: 'Lakshmi Rao' })).toBeVisible();
  await adminPage.emulateMedia({ media: 'screen' });

  // The member cancels from the dashboard, before the 12-hour cut-off.
  await page.getByRole('tab', { name: 'My Sevas' }).click();
  const card = page.getByTestId('seva-booking').filter({ hasText: seva.name });
  await expect(card.getByText('Confirmed')).toBeVisible();
  await card.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('A card payment goes back to your card in full');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel booking' }).click();
  await expectToast(page, 'Booking cancelled', seva.name);
  await expect(card.getByText('Cancelled')).toBeVisible();
  // The sandbox card payment was refunded in full.
  type Paid = { paymentMethod: string; status: string; refundedAmount: string; amount: string };
  const cards = (await api<Paid[]>('GET', '/api/payments/mine', { token: member.token })).filter((p) => p.paymentMethod === 'credit_card');
  expect(cards).toHaveLength(1);
  expect(cards[0]).toMatchObject({ status: 'refunded', refundedAmount: cards[0].amount });
  await adminPage.reload();
  await expect(adminPage.getByText('No sevas booked for this day.')).toBeVisible();
});

test('a booking refused because another member took the last place: the calendar shows the slot full at once', async ({ page, signInAs }) => {
  const admin = await adminSession();
  const seva = await api<Seva>('POST', '/api/sevas', {
    token: admin.token,
    body: {
      name: `Abhishekam ${uid()}`, description: 'One family at a time', category: 'temple', priceCents: 0, priceKind: 'fixed',
      durationMinutes: 30, weekdays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
      capacityMode: 'slots', slots: [{ time: '09:00', capacity: 1 }], horizonDays: 60, cutoffHours: 12,
    },
  });
  const first = await newMember({ firstName: 'Anand', lastName: 'Iyer' });
  const second = await newMember({ firstName: 'Gita', lastName: 'Rao' });
  const date = templeDay(9);

  // The second member opens the calendar while the slot still has its one place.
  await signInAs(second);
  await page.goto(`/sevas/${seva.id}`);
  const dates = page.getByRole('grid', { name: 'Available dates' });
  await expect(dates).toBeVisible();
  while (!(await dates.locator(`[data-date="${date}"]`).count())) {
    await page.getByRole('button', { name: 'Later dates' }).click();
    await expect(dates).toBeVisible();
  }
  const day = dates.locator(`[data-date="${date}"]`);
  await expect(day).toHaveAccessibleName(/: 1 place left$/);
  await day.click();
  const nine = page.getByRole('group', { name: 'Time slot' }).getByRole('button', { name: /9:00 AM/ });
  await expect(nine).toContainText('1 left');
  await nine.click();
  await page.getByRole('button', { name: 'Add a person' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Gita Rao');

  // Meanwhile the first member books that place.
  await api('POST', `/api/sevas/${seva.id}/bookings`, {
    token: first.token,
    body: { date, slot: '09:00', participants: [{ name: 'Anand Iyer', gotram: null, nakshatram: null, rasi: null }], address: null, note: null },
  });

  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await expectToast(page, 'Could not book', 'This slot is fully booked');
  // The refusal reloaded the calendar: the slot and its day show full, and the slot is no longer chosen.
  await expect(nine).toContainText('Full');
  await expect(nine).toBeDisabled();
  await expect(day).toHaveAccessibleName(/: Fully booked$/);
  await expect(page.getByText('Choose a date and time above first.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book', exact: true })).toBeDisabled();
});
