import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { EventRegistrationPanel } from '@/features/events/components/event-registration-panel';
import { makeAttendee, makeEvent, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

const event = makeEvent({
  name: 'Sri Rama Navami',
  eventDate: '2030-04-06T17:00:00Z', // Saturday, April 6, 2030, 10:00 AM PDT
  location: 'Main Hall',
  description: 'Kalyanam and bhajans.',
  attendeeCount: 12,
  capacity: 100,
  spotsLeft: 88,
});

function serveEvent(extra: Parameters<typeof server.use> = []) {
  server.use(http.get(`/api/events/${event.id}`, () => HttpResponse.json(event)), ...extra);
}

const panel = () => screen.getByRole('region', { name: 'Event Registration' });

describe('/events/:id', () => {
  it('shows the event with long date, time, location and description', async () => {
    serveEvent();
    renderApp(`/events/${event.id}`);
    expect(await screen.findByRole('heading', { name: 'Sri Rama Navami', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Saturday, April 6, 2030')).toBeInTheDocument();
    expect(screen.getByText('10:00 AM')).toBeInTheDocument();
    expect(screen.getByText('Main Hall')).toBeInTheDocument();
    expect(screen.getByText('Kalyanam and bhajans.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Events' })).toHaveAttribute('href', '/events');
    expect(within(panel()).getByText('12 attending')).toBeInTheDocument();
    expect(within(panel()).getByText('88 spots left')).toBeInTheDocument();
  });

  it("shows 'Event not found' with a link to /events for an unknown id", async () => {
    server.use(http.get('/api/events/missing', () => HttpResponse.json({ message: 'Event not found' }, { status: 404 })));
    renderApp('/events/missing');
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Events' })).toHaveAttribute('href', '/events');
  });

  it('asks visitors to sign in, returning to the event', async () => {
    serveEvent();
    renderApp(`/events/${event.id}`);
    await screen.findByRole('region', { name: 'Event Registration' });
    for (const name of ['Sign In to Register', 'Sign In to Donate', 'Sign In to Volunteer']) {
      expect(await within(panel()).findByRole('link', { name })).toHaveAttribute('href', `/sign-in?redirect=/events/${event.id}`);
    }
  });

  it('offers registration, donation and volunteering to a member who is not registered', async () => {
    signInAs(makeUser());
    serveEvent([
      http.get(`/api/events/${event.id}/attendee`, () => HttpResponse.json({ message: 'Not registered' }, { status: 404 })),
      http.get(`/api/events/${event.id}/volunteers/me`, () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    ]);
    renderApp(`/events/${event.id}`);
    expect(await screen.findByRole('button', { name: 'Register Now' })).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Make a Donation' })).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Volunteer for Event' })).toBeInTheDocument();
    expect(within(panel()).queryByText("You're Registered")).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('link', { name: 'Check In Arrivals' })).not.toBeInTheDocument();
  });

  it("shows 'You're Registered', Join Event and Manage Volunteer Status when registered and volunteering", async () => {
    signInAs(makeUser());
    serveEvent([
      http.get(`/api/events/${event.id}/attendee`, () => HttpResponse.json(makeAttendee({ eventId: event.id, numberOfFamilyMembers: 2 }))),
      http.get(`/api/events/${event.id}/volunteers/me`, () => HttpResponse.json({ id: 'v1', eventId: event.id })),
    ]);
    renderApp(`/events/${event.id}`);
    expect(await screen.findByText("You're Registered")).toBeInTheDocument();
    expect(within(panel()).getByText('You + 2 family members')).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Join Event' })).toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Make a Donation' })).toBeInTheDocument();
    await waitFor(() => expect(within(panel()).getByRole('button', { name: 'Manage Volunteer Status' })).toBeInTheDocument());
    // Volunteering grants no door duty: the admins run the door (from the admin panel).
    expect(within(panel()).queryByRole('link', { name: 'Check In Arrivals' })).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Register Now' })).not.toBeInTheDocument();
  });

  it('calls the panel callbacks', async () => {
    signInAs(makeUser());
    serveEvent([
      http.get(`/api/events/${event.id}/attendee`, () => HttpResponse.json({ message: 'Not registered' }, { status: 404 })),
      http.get(`/api/events/${event.id}/volunteers/me`, () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
    ]);
    const onRegister = vi.fn();
    const onDonate = vi.fn();
    const onVolunteer = vi.fn();
    const { user } = renderWithProviders(
      <EventRegistrationPanel
        event={event}
        status={{ attendee: null, attendeeLoading: false, volunteer: null, volunteerLoading: false }}
        onRegister={onRegister}
        onDonate={onDonate}
        onVolunteer={onVolunteer}
      >
        <p>slot content</p>
      </EventRegistrationPanel>,
    );
    await user.click(await screen.findByRole('button', { name: 'Register Now' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Volunteer for Event' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Make a Donation' }));
    await user.click(screen.getByRole('button', { name: 'Volunteer for Event' }));
    expect(onRegister).toHaveBeenCalledOnce();
    expect(onDonate).toHaveBeenCalledOnce();
    expect(onVolunteer).toHaveBeenCalledOnce();
    expect(screen.getByText('slot content')).toBeInTheDocument();
  });

  it("shows the event's volunteer shifts under the event when it has a plan, with the one-step volunteering kept", async () => {
    serveEvent([
      http.get(`/api/events/${event.id}/volunteer-plan`, () =>
        HttpResponse.json({
          eventId: event.id,
          dropCutoffHours: 24,
          roles: [
            {
              id: 'r-1',
              name: 'Parking',
              description: null,
              minAge: 16,
              reportTo: 'North lot',
              oneStep: false,
              shifts: [{ id: 's-1', roleId: 'r-1', startsAt: '2030-04-06T15:00:00Z', endsAt: '2030-04-06T19:00:00Z', needed: 4, filled: 1, waitlisted: 0 }],
            },
          ],
        }),
      ),
    ]);
    renderApp(`/events/${event.id}`);
    const section = await screen.findByRole('region', { name: 'Volunteer shifts' });
    expect(within(section).getByRole('heading', { level: 3, name: 'Parking' })).toBeInTheDocument();
    expect(section).toHaveTextContent('8:00 AM – 12:00 PM');
    expect(section).toHaveTextContent('1 of 4 filled');
    expect(within(panel()).getByRole('link', { name: 'Sign In to Volunteer' })).toBeInTheDocument();
  });

  it('copies the link and tells the user when native share is missing', async () => {
    serveEvent();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user } = renderApp(`/events/${event.id}`);
    // After userEvent.setup(), which installs its own clipboard.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Event link copied to clipboard!'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/events/${event.id}`);
  });

  it('uses native share when available', async () => {
    serveEvent();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = renderApp(`/events/${event.id}`);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ title: 'Sri Rama Navami', url: `${window.location.origin}/events/${event.id}` }));
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
});
