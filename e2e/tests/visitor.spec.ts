import { test, expect } from '../support/fixtures';
import { adminSession, api, createEvent, daysFromNow, ensureTempleContent, uid, type EventData } from '../support/api';
import { templeDate, templeLongDate, templeTime } from '../support/ui';

// Visitors (signed out): home, events, event detail, not-found and the protected routes.

test('home page shows every section and the recent-events carousel', async ({ page }) => {
  await ensureTempleContent();
  const tag = uid();
  // The carousel shows the (at most 6) events nearest to now, newest first. Six events in the next
  // half hour are nearer than any other journey's (those are days away), so they are the six shown;
  // a retry's leftovers from an earlier attempt are removed first.
  const admin = await adminSession();
  for (const old of (await api<EventData[]>('GET', '/api/events')).filter((e) => e.name.startsWith('Carousel '))) {
    await api('DELETE', `/api/events/${old.id}/force`, { token: admin.token });
  }
  const events: EventData[] = [];
  for (let i = 0; i < 6; i++) {
    events.push(await createEvent({ name: `Carousel ${tag} ${i}`, eventDate: new Date(Date.now() + (35 - 5 * i) * 60_000).toISOString() }, admin.token));
  }
  // events[0] is the newest; events[5] the oldest of the six.
  const config = await api<{ templeName: string }>('GET', '/api/config');

  await page.goto('/');
  const hero = page.getByRole('heading', { level: 1 });
  await expect(hero).toContainText('Welcome to');
  await expect(hero).toContainText(config.templeName);
  await expect(page.getByText(/events, cultural celebrations and spiritual growth/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore Events' }).first()).toHaveAttribute('href', '/events');
  await expect(page.getByRole('link', { name: 'Join Community' })).toHaveAttribute('href', '/sign-up');
  await expect(page.getByRole('link', { name: 'View Dashboard' })).toHaveCount(0);

  await expect(page.getByRole('heading', { name: 'Experience Our Temple' })).toBeVisible();
  await expect(page.getByText('Recent Event Celebrations', { exact: true })).toBeVisible();

  // Recent Events carousel.
  await expect(page.getByRole('heading', { name: 'Recent Events', exact: true })).toBeVisible();
  await expect(page.getByText('Check out our recent temple events and celebrations', { exact: true })).toBeVisible();
  const carousel = page.getByRole('region', { name: 'Recent Events' }).first();
  await expect(carousel).toBeVisible();
  // 3 cards per view at 1280 px: the three newest are shown, the fourth is not.
  for (const e of events.slice(0, 3)) await expect(carousel.getByRole('heading', { name: e.name })).toBeVisible();
  await expect(carousel.getByRole('heading', { name: events[3].name })).toHaveCount(0);
  // The card shows date badge, name, location and time.
  const firstCard = carousel.getByRole('link').filter({ hasText: events[0].name });
  await expect(firstCard).toContainText(events[0].location);
  await expect(firstCard).toContainText(templeTime(events[0].eventDate));
  await expect(firstCard).toContainText(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', day: 'numeric' }).format(new Date(events[0].eventDate)));

  // Next: one step on; the fourth comes into view and the first leaves.
  await page.getByRole('button', { name: /next/i }).click();
  await expect(carousel.getByRole('heading', { name: events[3].name })).toBeVisible();
  await expect(carousel.getByRole('heading', { name: events[0].name })).toHaveCount(0);
  // Previous returns; previous again loops to the end (the first card leaves the view).
  await page.getByRole('button', { name: /previous/i }).click();
  await expect(carousel.getByRole('heading', { name: events[0].name })).toBeVisible();
  await page.getByRole('button', { name: /previous/i }).click();
  await expect(carousel.getByRole('heading', { name: events[0].name })).toHaveCount(0);
  // Position dots: the first dot brings the start back.
  const dots = page.getByRole('button', { name: /slide/i });
  expect(await dots.count()).toBeGreaterThanOrEqual(2);
  await dots.first().click();
  await expect(carousel.getByRole('heading', { name: events[0].name })).toBeVisible();

  // Temple Services, Information, Events, Priests, closing call to action.
  await expect(page.getByRole('heading', { name: 'Temple Services' })).toBeVisible();
  for (const service of ['Daily Rituals', 'Special Pujas', 'Community Support']) {
    const card = page.getByRole('link', { name: new RegExp(service) });
    await expect(card.first()).toHaveAttribute('href', '/events');
  }
  await expect(page.getByRole('heading', { name: 'Temple Information' })).toBeVisible();
  await expect(page.getByText('9:30 AM - 11:30 AM').first()).toBeVisible();
  await expect(page.getByText('6:00 PM - 8:30 PM').first()).toBeVisible();
  await expect(page.getByText('9:00 AM - 1:00 PM').first()).toBeVisible();
  await expect(page.getByText('5:30 PM - 8:30 PM').first()).toBeVisible();
  await expect(page.getByText(/Sayanostavam/).first()).toBeVisible();
  const directions = page.getByRole('link', { name: /Get Directions/ });
  await expect(directions).toHaveAttribute('target', '_blank');
  await expect(directions).toHaveAttribute('href', /^https:\/\/(www\.)?(google\.com\/maps|maps\.)/);
  await expect(page.locator('a[href="/contact"]').first()).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Temple Events' })).toBeVisible();
  for (const recurring of [
    'Vishnu Sahasranamam Parayanam',
    'Venkateshwara Suprabhatam',
    'Anjaneya Abhishekham',
    'Venkateshwara Abhishekam',
    'Venkateshwara Sahasranama Archana',
    'Unjal Seva',
  ]) {
    await expect(page.getByText(recurring, { exact: false }).first()).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Our Temple Priests' })).toBeVisible();

  await expect(page.getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/sign-up');
  await expect(page.getByRole('link', { name: 'Browse Events' })).toHaveCount(0);

  // 'View All Events' goes to /events; a carousel card goes to its event.
  await page.getByRole('link', { name: 'View All Events' }).first().click();
  await expect(page).toHaveURL(/\/events$/);
  await page.goBack();
  await page.getByRole('region', { name: 'Recent Events' }).first().getByRole('link').filter({ hasText: events[1].name }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${events[1].id}$`));
  await expect(page.getByRole('heading', { level: 1, name: events[1].name })).toBeVisible();
});

test('events list: search, sort, attendance and spots left', async ({ page }) => {
  const tag = `Srch${uid()}`;
  const gamma = await createEvent({ name: `${tag} Gamma Homam`, eventDate: daysFromNow(5), capacity: 1 });
  const alpha = await createEvent({ name: `${tag} Alpha Deepotsavam`, eventDate: daysFromNow(6), capacity: 5 });
  const beta = await createEvent({ name: `${tag} Beta Kalyanam`, eventDate: daysFromNow(7) });

  await page.goto('/events');
  await expect(page.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Browse and join upcoming events at our temple')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Calendar' })).toHaveAttribute('href', /#calendar$/);
  await expect(page.locator('#calendar')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Create Event' })).toHaveCount(0);

  const search = page.getByPlaceholder('Search events...');
  await search.fill(tag);
  const titles = page.getByRole('main').getByRole('heading', { name: new RegExp(tag) });
  await expect(titles).toHaveText([gamma.name, alpha.name, beta.name]); // date-asc is the default

  const sort = page.getByRole('combobox', { name: /sort/i });
  await sort.selectOption('date-desc');
  await expect(titles).toHaveText([beta.name, alpha.name, gamma.name]);
  await sort.selectOption('name-asc');
  await expect(titles).toHaveText([alpha.name, beta.name, gamma.name]);
  await sort.selectOption('name-desc');
  await expect(titles).toHaveText([gamma.name, beta.name, alpha.name]);
  await sort.selectOption('date-asc');
  await expect(titles).toHaveText([gamma.name, alpha.name, beta.name]);

  // A card: image, name, location, description, date, time, attendance, spots, View Details.
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: gamma.name }) });
  await expect(card).toContainText(gamma.location);
  await expect(card).toContainText(gamma.description!);
  await expect(card).toContainText(templeDate(gamma.eventDate));
  await expect(card).toContainText(templeTime(gamma.eventDate));
  await expect(card).toContainText('0 attending');
  await expect(card).toContainText('1 spot left');
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: alpha.name }) })).toContainText('5 spots left');
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: beta.name }) })).not.toContainText('left');

  // Search narrows to one event, then to none.
  await search.fill(`${tag} Beta`);
  await expect(titles).toHaveText([beta.name]);
  await search.fill(`${tag} no such puja`);
  await expect(page.getByRole('heading', { name: 'No events found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search query')).toBeVisible();

  await search.fill(tag.toLowerCase()); // search is case-insensitive
  await expect(titles).toHaveCount(3);
  await card.getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${gamma.id}$`));
});

test('event detail for a visitor, with the sign-in prompts', async ({ page, context }) => {
  const event = await createEvent({
    name: `Detail ${uid()} Ugadi Celebration`,
    description: 'Panchanga sravanam, cultural programme and Ugadi pachadi for all.',
    location: 'Community Hall, 635 Riley Street',
    eventDate: daysFromNow(12, 2, 30), // 7:30 PM the evening before in Folsom
  });
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('link', { name: /Back to Events/ }).first()).toHaveAttribute('href', '/events');
  await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(templeLongDate(event.eventDate));
  await expect(main).toContainText(templeTime(event.eventDate));
  await expect(main).toContainText(event.location);
  await expect(main).toContainText(event.description!);
  await expect(page.getByRole('heading', { name: 'Event Registration' })).toBeVisible();
  // No admin tools and no member actions for visitors.
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Register Now' })).toHaveCount(0);

  const target = `/sign-in?redirect=/events/${event.id}`;
  for (const name of ['Sign In to Register', 'Sign In to Donate', 'Sign In to Volunteer']) {
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', target);
  }
  // Share: without navigator.share the link is copied and an alert says so.
  const hasNativeShare = await page.evaluate(() => typeof navigator.share === 'function');
  if (!hasNativeShare) {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: /Share/ }).click();
    await expect.poll(() => messages).toEqual(['Event link copied to clipboard!']);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/events/${event.id}$`));
  }

  await page.getByRole('link', { name: 'Sign In to Volunteer' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/sign-in' && url.searchParams.get('redirect') === `/events/${event.id}`);
  await expect(page.getByText('Welcome Back')).toBeVisible();
});

test('an unknown event shows "Event not found" with a link to /events', async ({ page }) => {
  await page.goto('/events/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Event not found')).toBeVisible();
  await expect(page.getByRole('link', { name: /Events/ }).filter({ hasText: /Back to Events|Events/ }).last()).toHaveAttribute('href', '/events');
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page/anywhere');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('signed-out visitors are sent to sign in from /dashboard, /profile and /admin', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL((url) => url.pathname === '/sign-in' && url.searchParams.get('redirect') === '/dashboard');
  await expect(page.getByText('Welcome Back')).toBeVisible();

  await page.goto('/profile');
  await expect(page).toHaveURL((url) => url.pathname === '/sign-in' && url.searchParams.get('redirect') === '/profile');
  await expect(page.getByText('Welcome Back')).toBeVisible();

  await page.goto('/admin');
  await expect(page).toHaveURL((url) => url.pathname === '/sign-in');
  await expect(page.getByText('Welcome Back')).toBeVisible();
  // The header offers Sign In and Sign Up, and no Dashboard or Admin.
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(banner.getByRole('link', { name: 'Admin' })).toHaveCount(0);
});
