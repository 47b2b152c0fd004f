import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeAttendee, makeEvent, makeUser, makeVolunteer, testGotrams } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

const future = (days: number) => new Date(Date.now() + days * 86400000).toISOString();

describe('/profile', () => {
  it('sends visitors to sign in and back', async () => {
    renderApp('/profile');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/profile'));
  });

  it('shows the member card with avatar, member since, contact and gotram', async () => {
    signInAs(makeUser({ firstName: 'Lakshmi', lastName: 'Rao', email: 'lakshmi@example.org', phoneNumber: '9165550100', createdAt: '2025-03-10T17:00:00Z', gotramId: 1, gotram: testGotrams[0] }));
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Lakshmi Rao' })).toBeInTheDocument();
    expect(screen.getByText('Member since March 2025')).toBeInTheDocument();
    expect(screen.getByText('9165550100')).toBeInTheDocument();
    expect(screen.getByText('Mar 10, 2025')).toBeInTheDocument();
    expect(screen.getByText('Bharadwaja - Ashwini (Mesha)', { selector: 'p' })).toBeInTheDocument();
    const avatar = within(screen.getByRole('main')).getByRole('img', { name: 'Lakshmi Rao' });
    expect(avatar).toHaveAttribute('src', expect.stringMatching(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon&s=256$/));
  });

  it('asks an unverified member to confirm their address before moving to another', async () => {
    signInAs(makeUser({ email: 'new@example.org', emailVerified: false }));
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'Account Settings' }));
    expect(await screen.findByText(/then you can move your account to a new address/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/New email/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send confirmation link' })).not.toBeInTheDocument();
  });

  it("shows 'No gotram selected' and the other tabs", async () => {
    signInAs(makeUser({ gotramId: null, gotram: null, phoneNumber: null }));
    const { user } = renderApp('/profile');
    expect(await screen.findByText('No gotram selected')).toBeInTheDocument();
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'My Events' }));
    expect(screen.getByText("You haven't registered for any events yet.")).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Account Settings' }));
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/reminder the day before/)).toBeChecked();
    expect(screen.getByRole('button', { name: 'Make my calendar link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign out everywhere' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument();
  });

  it('validates and updates the profile', async () => {
    const me = makeUser({ firstName: 'Lakshmi', lastName: 'Rao', gotramId: null, gotram: null });
    signInAs(me);
    let body: unknown = null;
    server.use(
      http.put('/api/users/me', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...me, firstName: 'Lakshmi', lastName: 'Iyer', gotramId: 2, gotram: testGotrams[1], phoneNumber: null });
      }),
    );
    const { user } = renderApp('/profile');
    const first = await screen.findByLabelText(/^First name/);
    await user.clear(first);
    await user.clear(screen.getByLabelText(/^Last name/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();

    await user.type(first, 'Lakshmi');
    await user.type(screen.getByLabelText(/^Last name/), 'Iyer');
    await user.clear(screen.getByLabelText(/^Phone number/));
    // Gotra first (searchable), then its nakshatram and rasi; Kashyapa has one, chosen at once.
    await user.type(screen.getByRole('combobox', { name: 'Gotra' }), 'kash');
    await user.click(await screen.findByRole('option', { name: 'Kashyapa' }));
    expect(screen.getByRole('combobox', { name: 'Nakshatram and rasi' })).toHaveValue('Rohini (Vrishabha)');
    await user.type(screen.getByLabelText(/^Your gotram/), 'Kaundinya');
    await user.type(screen.getByLabelText(/^Mailing address/), '1 Temple Rd{enter}Folsom, CA');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated!')).toBeInTheDocument();
    expect(screen.getByText('Your profile information has been updated successfully.')).toBeInTheDocument();
    expect(body).toEqual({
      firstName: 'Lakshmi',
      lastName: 'Iyer',
      phoneNumber: null,
      gotramId: 2,
      customGotram: 'Kaundinya',
      mailingAddress: '1 Temple Rd\nFolsom, CA',
    });
    expect(screen.getByRole('heading', { name: 'Lakshmi Iyer' })).toBeInTheDocument();
    expect(screen.getByText('Kashyapa - Rohini (Vrishabha)', { selector: 'p' })).toBeInTheDocument();
  });

  it("offers 'None' and reports 'Update failed'", async () => {
    signInAs(makeUser({ gotramId: 1, gotram: testGotrams[0] }));
    server.use(http.put('/api/users/me', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderApp('/profile');
    const gotra = await screen.findByRole('combobox', { name: 'Gotra' });
    await waitFor(() => expect(gotra).toHaveValue('Bharadwaja'));
    expect(screen.getByRole('combobox', { name: 'Nakshatram and rasi' })).toHaveValue('Ashwini (Mesha)');
    await user.clear(gotra);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });
});

describe('/dashboard', () => {
  it('sends visitors to sign in and back', async () => {
    renderApp('/dashboard');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/dashboard'));
  });

  it('shows identity, the first 2 upcoming events and registrations, then full tabs', async () => {
    const me = makeUser({ firstName: 'Gita', lastName: 'Nair' });
    signInAs(me);
    const e1 = makeEvent({ name: 'Pongal', eventDate: future(30) });
    const e2 = makeEvent({ name: 'Deepotsavam', eventDate: future(5) });
    const e3 = makeEvent({ name: 'Vaikunta Ekadasi', eventDate: future(10) });
    const old = makeEvent({ name: 'Old Puja', eventDate: future(-3) });
    server.use(
      http.get('/api/events', () => HttpResponse.json([e1, e2, e3, old])),
      http.get(`/api/users/${me.id}/events`, () =>
        HttpResponse.json([
          { event: e1, attendee: makeAttendee({ eventId: e1.id, numberOfFamilyMembers: 3 }) },
          { event: e2, attendee: makeAttendee({ eventId: e2.id, numberOfFamilyMembers: 0 }) },
        ]),
      ),
    );
    const { user } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Gita Nair' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/profile');

    const upcomingCard = screen.getByRole('heading', { name: 'Upcoming Events', level: 2 }).closest('.MuiCard-root') as HTMLElement;
    await waitFor(() => expect(within(upcomingCard).getAllByRole('link').map((a) => a.textContent)).toEqual(['Deepotsavam', 'Vaikunta Ekadasi', 'View all events']));

    const regCard = screen.getByRole('heading', { name: 'My Registrations', level: 2 }).closest('.MuiCard-root') as HTMLElement;
    await waitFor(() => expect(within(regCard).getAllByRole('link').map((a) => a.textContent)).toEqual(['Deepotsavam', 'Pongal', 'View all events']));

    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Deepotsavam', 'Vaikunta Ekadasi', 'Pongal']);
    expect(within(panel).getAllByRole('link', { name: /View Details/ })[0]).toHaveAttribute('href', `/events/${e2.id}`);

    await user.click(screen.getByRole('tab', { name: 'My Registrations' }));
    const regs = screen.getByRole('tabpanel');
    expect(within(regs).getAllByText('Registered')).toHaveLength(2);
    expect(within(regs).getByText('You + 3 family members')).toBeInTheDocument();
    expect(within(regs).queryByText('You + 0 family members')).not.toBeInTheDocument();
    expect(within(regs).getAllByRole('link', { name: /View Event/ })[1]).toHaveAttribute('href', `/events/${e1.id}`);
  });

  it("shows the empty states with 'Browse All Events' and 'Find Events'", async () => {
    signInAs(makeUser());
    const { user } = renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Browse All Events' })).toHaveAttribute('href', '/events');
    await user.click(screen.getByRole('tab', { name: 'My Registrations' }));
    expect(await screen.findByRole('link', { name: 'Find Events' })).toHaveAttribute('href', '/events');
  });

  it('lists upcoming registrations first and cancels one after confirming', async () => {
    const me = makeUser();
    signInAs(me);
    const past = makeEvent({ name: 'Old Puja', eventDate: future(-3) });
    const later = makeEvent({ name: 'Pongal', eventDate: future(30) });
    const soon = makeEvent({ name: 'Deepotsavam', eventDate: future(5) });
    let registrations = [past, later, soon].map((event) => ({ event, attendee: makeAttendee({ eventId: event.id }) }));
    let cancelled = '';
    server.use(
      http.get(`/api/users/${me.id}/events`, () => HttpResponse.json(registrations)),
      http.delete('/api/events/:id/attendee', ({ params }) => {
        cancelled = String(params.id);
        registrations = registrations.filter((r) => r.event.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'My Registrations' }));
    const panel = screen.getByRole('tabpanel');
    await waitFor(() =>
      expect(within(panel).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Deepotsavam', 'Pongal', 'Old Puja']),
    );
    // A past event cannot be cancelled any more.
    expect(within(panel).getAllByRole('button', { name: /Cancel Registration/ })).toHaveLength(2);
    await user.click(within(panel).getByRole('button', { name: 'Cancel Registration: Pongal' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Cancel Registration' }));
    await waitFor(() => expect(within(panel).queryByText('Pongal')).not.toBeInTheDocument());
    expect(cancelled).toBe(later.id);
  });

  it('lists the volunteering and leaves it after confirming', async () => {
    const me = makeUser();
    signInAs(me);
    const event = makeEvent({ id: 'ev-9', name: 'Ratha Yatra', eventDate: future(8) });
    let volunteering = [{ event, volunteer: makeVolunteer({ id: 'v-9', eventId: 'ev-9', volunteerPreference: 'logistics' }) }];
    server.use(
      http.get(`/api/users/${me.id}/volunteering`, () => HttpResponse.json(volunteering)),
      http.delete('/api/events/ev-9/volunteers/v-9', () => {
        volunteering = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'My Volunteering' }));
    await user.click(await screen.findByRole('button', { name: 'Leave as Volunteer: Ratha Yatra' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Leave' }));
    expect(await screen.findByText('You are not volunteering for any events yet.')).toBeInTheDocument();
  });

  it("shows the year's festival shifts and hours above the volunteering", async () => {
    signInAs(makeUser());
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'My Volunteering' }));
    const hours = await screen.findByRole('region', { name: 'My volunteering' });
    expect(await within(hours).findByText('No volunteer shifts this year.')).toBeInTheDocument();
    expect(within(hours).getByText('0 hours')).toBeInTheDocument();
    expect(await screen.findByText('You are not volunteering for any events yet.')).toBeInTheDocument();
  });

  it('shows a spinner while the registrations load', async () => {
    const me = makeUser();
    signInAs(me);
    server.use(http.get(`/api/users/${me.id}/events`, async () => { await delay('infinite'); return HttpResponse.json([]); }));
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('tab', { name: 'My Registrations' }));
    expect(screen.getByRole('progressbar', { name: 'Loading your registrations' })).toBeInTheDocument();
  });
});
