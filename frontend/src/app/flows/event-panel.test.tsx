import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeAttendee, makeDonationType, makeEvent, makeUser, makeVolunteer } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

const event = makeEvent({ id: 'ev-1', name: 'Diwali Celebration' });

function baseHandlers(registered: boolean) {
  server.use(
    http.get('/api/events/ev-1', () => HttpResponse.json(event)),
    http.get('/api/events', () => HttpResponse.json([event])),
    http.get('/api/events/ev-1/attendee', () =>
      registered ? HttpResponse.json(makeAttendee({ eventId: 'ev-1', numberOfFamilyMembers: 2 })) : HttpResponse.json({ message: 'x' }, { status: 404 }),
    ),
    http.get('/api/events/ev-1/volunteers/me', () => HttpResponse.json({ message: 'x' }, { status: 404 })),
    http.get('/api/events/ev-1/volunteers/count', () => HttpResponse.json({ count: 0 })),
    http.get('/api/users/:id/events', () => HttpResponse.json([])),
  );
}

describe('event page wiring', () => {
  it('Register Now opens the registration dialog; focus returns to the button on Escape', async () => {
    signInAs(makeUser());
    baseHandlers(false);
    const { user } = renderApp('/events/ev-1');
    const register = await screen.findByRole('button', { name: 'Register Now' });
    await user.click(register);
    expect(await screen.findByRole('dialog', { name: 'Register for Diwali Celebration' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(register).toHaveFocus();
  });

  it('Join Event opens the update dialog with the saved registration', async () => {
    signInAs(makeUser());
    baseHandlers(true);
    const { user } = renderApp('/events/ev-1');
    await user.click(await screen.findByRole('button', { name: 'Join Event' }));
    expect(await screen.findByRole('dialog', { name: 'Update Your Registration' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Number of family members')).toHaveValue(2);
  });

  it('Make a Donation runs the donation step into the payment selector', async () => {
    signInAs(makeUser());
    baseHandlers(false);
    server.use(
      http.get('/api/donation-types', () => HttpResponse.json([makeDonationType({ name: 'Annadanam', defaultAmount: '51.00' })])),
      http.get('/api/payment-methods/active', () => HttpResponse.json([])),
    );
    const { user } = renderApp('/events/ev-1');
    await user.click(await screen.findByRole('button', { name: 'Make a Donation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a Donation' });
    await user.click(await within(dialog).findByRole('radio', { name: /Annadanam/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    expect(await within(dialog).findByText('No payment methods available')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Change donation' }));
    expect(within(dialog).getByRole('radio', { name: /Annadanam/ })).toBeInTheDocument();
  });

  it('Volunteer for Event opens the volunteer dialog', async () => {
    signInAs(makeUser());
    baseHandlers(false);
    const { user } = renderApp('/events/ev-1');
    await user.click(await screen.findByRole('button', { name: 'Volunteer for Event' }));
    expect(await screen.findByRole('dialog', { name: 'Volunteer for Event' })).toBeInTheDocument();
  });

  it('with a volunteer plan, Volunteer for Event leads to the shifts and the places filled are counted', async () => {
    signInAs(makeUser());
    baseHandlers(false);
    const shift = { roleId: 'r-1', startsAt: '2027-10-28T13:00:00Z', endsAt: '2027-10-28T17:00:00Z', needed: 4, waitlisted: 0 };
    server.use(
      http.get('/api/events/ev-1/volunteer-plan', () =>
        HttpResponse.json({
          eventId: 'ev-1',
          dropCutoffHours: 24,
          roles: [
            {
              id: 'r-1',
              name: 'Parking',
              description: null,
              minAge: null,
              reportTo: null,
              oneStep: false,
              shifts: [
                { ...shift, id: 's-1', filled: 2 },
                { ...shift, id: 's-2', filled: 1 },
              ],
            },
          ],
        }),
      ),
      http.get('/api/account/volunteer-shifts', () => HttpResponse.json({ year: 2027, hours: 0, signups: [] })),
    );
    const { user } = renderApp('/events/ev-1');
    const section = await screen.findByRole('region', { name: 'Volunteer shifts' });
    expect(screen.getByText('3 volunteers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volunteer for Event' }));
    await waitFor(() => expect(section).toHaveFocus());
    expect(screen.queryByRole('dialog', { name: 'Volunteer for Event' })).not.toBeInTheDocument();
  });

  it('with only the one-step offers\' role, Volunteer for Event still opens the dialog and offers are not counted twice', async () => {
    signInAs(makeUser());
    baseHandlers(false);
    server.use(
      http.get('/api/events/ev-1/volunteers/count', () => HttpResponse.json({ count: 2 })),
      http.get('/api/events/ev-1/volunteer-plan', () =>
        HttpResponse.json({
          eventId: 'ev-1',
          dropCutoffHours: 24,
          roles: [
            {
              id: 'r-1',
              name: 'Volunteers',
              description: 'Help wherever Diwali Celebration needs you on the day.',
              minAge: null,
              reportTo: 'The front desk',
              oneStep: true,
              shifts: [{ id: 's-1', roleId: 'r-1', startsAt: '2027-10-28T13:00:00Z', endsAt: '2027-10-28T16:00:00Z', needed: 2, filled: 2, waitlisted: 0 }],
            },
          ],
        }),
      ),
    );
    const { user } = renderApp('/events/ev-1');
    expect(await screen.findByText('2 volunteers')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Volunteer for Event' }));
    expect(await screen.findByRole('dialog', { name: 'Volunteer for Event' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Volunteer shifts' })).not.toBeInTheDocument();
  });

  it('shows the admin tools to admins and returns to /events after a delete', async () => {
    signInAs(makeUser({ isAdmin: true }));
    baseHandlers(false);
    server.use(
      http.get('/api/events/ev-1/attendees', () => HttpResponse.json([])),
      http.get('/api/events/ev-1/volunteers', () => HttpResponse.json([makeVolunteer({ name: 'Sita Devi' })])),
      http.delete('/api/events/ev-1', () => new HttpResponse(null, { status: 204 })),
    );
    const { user } = renderApp('/events/ev-1');
    expect(await screen.findByRole('heading', { name: 'Volunteer Management' })).toBeInTheDocument();
    expect(await screen.findByText('Sita Devi')).toBeInTheDocument();
    expect(screen.getByText('1 volunteer')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/events'));
  });

  it('Cancel Registration asks first, then cancels and shows Register Now again', async () => {
    signInAs(makeUser());
    let registered = true;
    let deletes = 0;
    baseHandlers(true);
    server.use(
      http.get('/api/events/ev-1/attendee', () =>
        registered ? HttpResponse.json(makeAttendee({ eventId: 'ev-1' })) : HttpResponse.json({ message: 'x' }, { status: 404 }),
      ),
      http.delete('/api/events/ev-1/attendee', () => {
        deletes += 1;
        registered = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/events/ev-1');
    await user.click(await screen.findByRole('button', { name: 'Cancel Registration' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Registration' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Registration' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Cancel Registration' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Cancel Registration' }));
    expect(await screen.findByText('Registration cancelled')).toBeInTheDocument();
    expect(deletes).toBe(1);
    expect(await screen.findByRole('button', { name: 'Register Now' })).toBeInTheDocument();
  });

  it('Leave as Volunteer asks first, then withdraws the record', async () => {
    signInAs(makeUser());
    let volunteering = true;
    baseHandlers(false);
    server.use(
      http.get('/api/events/ev-1/volunteers/me', () =>
        volunteering ? HttpResponse.json(makeVolunteer({ id: 'v-1', eventId: 'ev-1' })) : HttpResponse.json({ message: 'x' }, { status: 404 }),
      ),
      http.delete('/api/events/ev-1/volunteers/v-1', () => {
        volunteering = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/events/ev-1');
    await user.click(await screen.findByRole('button', { name: 'Leave as Volunteer' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Leave as Volunteer' })).getByRole('button', { name: 'Yes, Leave' }));
    expect(await screen.findByRole('button', { name: 'Volunteer for Event' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave as Volunteer' })).not.toBeInTheDocument();
  });

  it('a full event offers Join Waitlist; joining shows the position and Leave Waitlist', async () => {
    signInAs(makeUser());
    baseHandlers(false);
    const full = { ...event, capacity: 4, attendeeCount: 4, spotsLeft: 0 };
    let entry: Record<string, unknown> | null = null;
    let body: unknown = null;
    server.use(
      http.get('/api/events/ev-1', () => HttpResponse.json(full)),
      http.get('/api/events/ev-1/waitlist/me', () => (entry ? HttpResponse.json(entry) : HttpResponse.json({ message: 'x' }, { status: 404 }))),
      http.post('/api/events/ev-1/waitlist', async ({ request }) => {
        body = await request.json();
        entry = { id: 'w-1', eventId: 'ev-1', userId: 'u', numberOfFamilyMembers: 2, additionalNotes: null, position: 3, createdAt: '2026-01-01T00:00:00Z' };
        return HttpResponse.json(entry, { status: 201 });
      }),
      http.delete('/api/events/ev-1/waitlist/me', () => {
        entry = null;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/events/ev-1');
    expect(await screen.findByText(/This event is full/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register Now' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join the Waitlist for Diwali Celebration' });
    const family = within(dialog).getByLabelText('Number of family members');
    await user.clear(family);
    await user.type(family, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Join Waitlist' }));
    expect(await screen.findByText('On the waitlist: #3')).toBeInTheDocument();
    expect(body).toEqual({ numberOfFamilyMembers: 2, additionalNotes: null });
    await user.click(await screen.findByRole('button', { name: 'Leave Waitlist' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Leave the Waitlist' })).getByRole('button', { name: 'Yes, Leave' }));
    expect(await screen.findByRole('button', { name: 'Join Waitlist' })).toBeInTheDocument();
  });

  it('shows the volunteer count', async () => {
    signInAs(makeUser());
    baseHandlers(false);
    server.use(http.get('/api/events/ev-1/volunteers/count', () => HttpResponse.json({ count: 3 })));
    renderApp('/events/ev-1');
    expect(await screen.findByText('3 volunteers')).toBeInTheDocument();
  });

  it('an event that has ended offers no registration or volunteering', async () => {
    signInAs(makeUser());
    baseHandlers(true);
    const past = { ...event, eventDate: '2020-01-05T18:00:00Z' };
    server.use(http.get('/api/events/ev-1', () => HttpResponse.json(past)));
    renderApp('/events/ev-1');
    expect(await screen.findByText('This event has ended.')).toBeInTheDocument();
    for (const name of ['Register Now', 'Join Event', 'Volunteer for Event', 'Cancel Registration']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('hides the admin tools from members', async () => {
    signInAs(makeUser());
    baseHandlers(false);
    renderApp('/events/ev-1');
    await screen.findByRole('button', { name: 'Register Now' });
    expect(screen.queryByText('Admin Tools')).not.toBeInTheDocument();
  });
});

describe('/events Create Event', () => {
  it('is shown to admins only and opens the modal', async () => {
    signInAs(makeUser({ isAdmin: true }));
    server.use(http.get('/api/events', () => HttpResponse.json([])));
    const { user } = renderApp('/events');
    await user.click(await screen.findByRole('button', { name: 'Create Event' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Event' })).toBeInTheDocument();
  });

  it('is not shown to members', async () => {
    signInAs(makeUser());
    server.use(http.get('/api/events', () => HttpResponse.json([])));
    renderApp('/events');
    await screen.findByText('Browse and join upcoming events at our temple');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('button', { name: 'Create Event' })).not.toBeInTheDocument();
  });
});
