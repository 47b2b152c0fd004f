import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDoorCount, makeEvent, makeStaff, makeUser } from '@/testing/data';
import { serveDoor } from '@/testing/mocks/door';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';
import { currentLocation, screen, signInAs, waitFor } from '@/testing/test-utils';

const event = makeEvent({ id: 'e-1', name: 'Diwali Mela' });

function serveEvent() {
  server.use(
    http.get('/api/events/e-1', () => HttpResponse.json(event)),
    http.get('/api/events/e-1/volunteer-board', () =>
      HttpResponse.json({ eventId: 'e-1', eventName: 'Diwali Mela', eventDate: event.eventDate, dropCutoffHours: 24, roles: [], dropRequests: 0 }),
    ),
  );
}

describe('/events/:id/volunteers', () => {
  it("is the event's volunteer plan and board for volunteer coordinators", async () => {
    serveEvent();
    signInAs(makeStaff(['volunteer_coordinator']));
    renderApp('/events/e-1/volunteers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Volunteers — Diwali Mela' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Plan', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Board' })).toBeInTheDocument();
  });

  it("shows the door's live count on the Door tab, with the way to the check-in desk", async () => {
    serveEvent();
    serveDoor('e-1', [], makeDoorCount({ capacity: 500, registeredParties: 40, registeredPeople: 120, checkedInParties: 10, checkedInPeople: 31 }));
    signInAs(makeStaff(['volunteer_coordinator']));
    const { user } = renderApp('/events/e-1/volunteers');
    await user.click(await screen.findByRole('tab', { name: 'Door' }));
    expect(await screen.findByTestId('door-count')).toHaveTextContent('Checked in: 31 people (10 families) · Registered: 120 people (40 families) · Walk-ins: 0 (0 people) · Capacity 500 (380 places left)');
    expect(screen.getByRole('link', { name: 'Open the check-in desk' })).toHaveAttribute('href', '/events/e-1/check-in');
  });

  it('sends signed-out visitors to sign in and back', async () => {
    serveEvent();
    renderApp('/events/e-1/volunteers');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/events/e-1/volunteers'));
  });

  it('is not for other staff: the front desk goes home', async () => {
    serveEvent();
    signInAs(makeStaff(['front_desk']));
    renderApp('/events/e-1/volunteers');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('is not for members: they go home', async () => {
    serveEvent();
    signInAs(makeUser());
    renderApp('/events/e-1/volunteers');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});
