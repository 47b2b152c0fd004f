import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeAttendee, makeEvent, makeUser } from '@/testing/data';
import { makeDonationType, makeVolunteer } from '@/testing/data-part2';
import { server } from '@/testing/mocks/server';
import { currentLocation, renderApp, screen, signInAs, waitFor, within } from '@/testing/test-utils';

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
