import { test, expect } from '../support/fixtures';
import { adminSession, api, newMember, uid } from '../support/api';
import { waitForMailLink } from '../support/outbox';
import { choose, expectToast } from '../support/ui';

// The Hindu calendar at the temple (docs/product.md#the-panchangam, #festivals, #star-birthdays):
// the home page's line of today's tithi, the month at a glance with its festivals, and a member
// recording a family member's birth star with a reminder, whose e-mail arrives with a link that
// opens the archana on that star day.

type Day = { date: string; tithi: { name: string; paksha: string; number: number }; nakshatra: { number: number; name: string } };

/** Today at the temple (the server's answer, in the temple's zone). */
async function today(): Promise<Day> {
  const [day] = await api<Day[]>('GET', '/api/panchangam');
  return day;
}

test('the home page tells today’s tithi and the month view shows the days and festivals', async ({ page }) => {
  const day = await today();
  await page.goto('/');
  const line = page.getByRole('link', { name: /^Today:/ });
  await expect(line).toBeVisible();
  await expect(line).toContainText(day.nakshatra.name);
  await expect(line).toContainText('Sunrise');
  await line.click();

  await expect(page).toHaveURL(/\/panchangam$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Panchangam' })).toBeVisible();
  const days = page.getByRole('list', { name: /^Days of / });
  const todayButton = days.getByRole('button', { name: /, today:/ });
  await expect(todayButton).toBeVisible();
  await expect(todayButton).toHaveAttribute('aria-current', 'date');

  // November 2026: Diwali's day (Amavasya at dusk, November 8 at the temple) is named, and choosing
  // it shows its whole panchangam.
  await page.goto('/panchangam?month=2026-11');
  await expect(page.getByRole('heading', { name: 'November 2026' })).toBeVisible();
  const diwali = page.getByRole('button', { name: /November 8.*Diwali \(Lakshmi Puja\)/ });
  await diwali.click();
  await expect(diwali).toHaveAttribute('aria-pressed', 'true');
  // Beside the calendar on wide screens, under the day on phones.
  await expect(page.getByText('Amavasya at dusk').filter({ visible: true })).toBeVisible();
  await expect(page.getByText('Rahu kalam', { exact: true }).filter({ visible: true })).toBeVisible();
  const ics = page.getByRole('link', { name: 'Add the festivals to your calendar' });
  await expect(ics).toHaveAttribute('href', '/api/panchangam/festivals.ics');
});

test('a member records a family member’s birth star with a reminder, which arrives with the archana’s link', async ({ page, signInAs }) => {
  const tag = uid();
  // The archana the reminder opens: offered every day, first in the catalogue.
  const admin = await adminSession();
  const archana = await api<{ id: string }>('POST', '/api/sevas', {
    token: admin.token,
    body: {
      name: `Star Day Archana ${tag}`, description: 'Archana on the star day', category: 'temple', priceCents: 1100, priceKind: 'fixed',
      durationMinutes: 15, weekdays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
      capacityMode: 'slots', slots: [{ time: '18:00', capacity: 20 }], horizonDays: 60, cutoffHours: 1, sortOrder: -10000,
    },
  });
  // A star at sunrise within the next three days (a new one that day), so its reminder is due now.
  const first = (await today()).date;
  const last = new Date(Date.parse(`${first}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
  const days = await api<Day[]>('GET', `/api/panchangam?from=${first}&to=${last}`);
  const index = days.findIndex((d, i) => i > 0 && d.nakshatra.number !== days[i - 1].nakshatra.number);
  expect(index).toBeGreaterThan(0);
  const star = days[index].nakshatra;

  const member = await newMember({ firstName: 'Savitri' });
  await api('POST', '/api/users/me/family', { token: member.token, body: { name: `Anand ${tag}`, relation: 'Son' } });
  await signInAs(member);
  await page.goto('/profile?tab=stars');
  await page.getByRole('button', { name: `Add birth star for Anand ${tag}` }).click();
  const dialog = page.getByRole('dialog', { name: `Birth star: Anand ${tag}` });
  await choose(page, dialog, 'Birth star (nakshatra)', star.name);
  await dialog.getByLabel('E-mail me before each star day').check();
  await choose(page, dialog, 'Days before', '3 days before');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Birth star saved', `Anand ${tag}: ${star.name}`);
  const card = page.getByRole('region', { name: new RegExp(`Anand ${tag}`) });
  await expect(card).toContainText(star.name);
  await expect(card).toContainText('Next star day');

  // The reminder (the job looks every 2 s in this suite), once, with the archana on that day.
  const link = await waitForMailLink(member.email, new RegExp(`https?://[^\\s"<>]+/sevas/${archana.id}\\?date=${days[index].date}`), 30_000);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { level: 1, name: `Star Day Archana ${tag}` })).toBeVisible();
  // The star day is chosen: its time slots are offered.
  await expect(page.getByRole('group', { name: 'Time slot' })).toBeVisible();
});
