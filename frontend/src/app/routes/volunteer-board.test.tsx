import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeStaff, makeUser } from '@/testing/data';
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
