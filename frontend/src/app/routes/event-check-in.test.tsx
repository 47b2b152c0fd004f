import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDoorCount, makeDoorEntry, makeEvent, makeStaff, makeUser } from '@/testing/data';
import { serveDoor } from '@/testing/mocks/door';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';
import { currentLocation, screen, signInAs, waitFor } from '@/testing/test-utils';

const event = makeEvent({ id: 'ev-1', name: 'Ratha Yatra' });

describe('/events/:id/check-in', () => {
  it('is the check-in desk for staff on door duty', async () => {
    signInAs(makeStaff(['front_desk']));
    server.use(http.get('/api/events/ev-1', () => HttpResponse.json(event)));
    serveDoor('ev-1', [makeDoorEntry({ checkedInAt: '2030-11-01T17:02:00Z', arrivedPeople: 4, checkedInBy: 'Asha K.', seq: 3 })], makeDoorCount({ registeredParties: 1, registeredPeople: 4, checkedInParties: 1, checkedInPeople: 4 }));
    renderApp('/events/ev-1/check-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check-in: Ratha Yatra' })).toBeInTheDocument();
    expect(await screen.findByTestId('door-count')).toHaveTextContent('Checked in: 4 people (1 family)');
    expect(await screen.findByRole('row', { name: /Priya Sharma/ })).toHaveTextContent('Checked in 10:02 AM · 4 people · by Asha K.');
  });

  it('is for a member a coordinator put on this event’s door', async () => {
    signInAs(makeUser());
    server.use(
      http.get('/api/account/door-duty', () => HttpResponse.json([{ eventId: 'ev-1', eventName: 'Ratha Yatra', eventDate: event.eventDate }])),
      http.get('/api/events/ev-1', () => HttpResponse.json(event)),
    );
    serveDoor('ev-1', [], makeDoorCount());
    renderApp('/events/ev-1/check-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check-in: Ratha Yatra' })).toBeInTheDocument();
    expect(await screen.findByText('No one has been checked in yet.')).toBeInTheDocument();
  });

  it('sends a member who is not on the door home', async () => {
    signInAs(makeUser());
    renderApp('/events/ev-1/check-in');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('sends visitors to sign in', async () => {
    renderApp('/events/ev-1/check-in');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/events/ev-1/check-in'));
  });
});
