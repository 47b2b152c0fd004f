import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeAttendee, makeEvent, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

const event = makeEvent({ id: 'ev-1', name: 'Ratha Yatra' });

/** The door list's entry of a registration (no contact details). */
function atTheDoor(id: string, firstName: string, lastName: string, family: number, checkedInAt: string | null = null) {
  return { id, firstName, lastName, numberOfFamilyMembers: family, checkedInAt };
}

function withContact(id: string, firstName: string, lastName: string, family: number, checkedInAt: string | null = null) {
  return { ...makeAttendee({ id, eventId: 'ev-1', numberOfFamilyMembers: family, checkedInAt }), firstName, lastName, email: `${firstName}@example.org`, phoneNumber: null };
}

describe('/events/:id/check-in', () => {
  it('marks attendees arrived and counts people', async () => {
    signInAs(makeUser({ isAdmin: true }));
    let list = [atTheDoor('a-1', 'Ravi', 'Kumar', 2), atTheDoor('a-2', 'Sita', 'Devi', 0, '2030-11-01T01:00:00Z')];
    const calls: unknown[] = [];
    server.use(
      http.get('/api/events/ev-1', () => HttpResponse.json(event)),
      http.get('/api/events/ev-1/check-in', () => HttpResponse.json(list)),
      http.put('/api/events/ev-1/attendees/:aid/check-in', async ({ params, request }) => {
        const body = (await request.json()) as { checkedIn: boolean };
        calls.push([params.aid, body.checkedIn]);
        list = list.map((a) => (a.id === params.aid ? { ...a, checkedInAt: body.checkedIn ? '2030-11-01T01:10:00Z' : null } : a));
        return HttpResponse.json(list.find((a) => a.id === params.aid));
      }),
    );
    const { user } = renderApp('/events/ev-1/check-in');
    expect(await screen.findByRole('heading', { name: 'Check-in: Ratha Yatra' })).toBeInTheDocument();
    expect(await screen.findByText('1 of 4 people arrived')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Ravi Kumar, 3 people: not arrived/ }));
    expect(await screen.findByText('4 of 4 people arrived')).toBeInTheDocument();
    // Named with all it shows, the time of arrival too (WCAG 2.5.3, label in name).
    expect(screen.getByRole('button', { name: /^Ravi Kumar, 3 people · arrived \d{1,2}:\d{2}\s[AP]M$/ })).toHaveAttribute('aria-pressed', 'true');
    expect(calls).toEqual([['a-1', true]]);

    await user.type(screen.getByLabelText('Find a name'), 'sita');
    const found = screen.getByRole('list', { name: 'Attendees' });
    expect(within(found).getAllByRole('button')).toHaveLength(1);
    await user.click(within(found).getByRole('button', { name: /Sita Devi/ }));
    expect(await screen.findByText('3 of 4 people arrived')).toBeInTheDocument();
  });

  it('sends a member who is not an admin home: volunteering grants no door duty', async () => {
    signInAs(makeUser());
    renderApp('/events/ev-1/check-in');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it("shows the server's refusal when the admin's rights ended meanwhile", async () => {
    signInAs(makeUser({ isAdmin: true }));
    server.use(
      http.get('/api/events/ev-1', () => HttpResponse.json(event)),
      http.get('/api/events/ev-1/check-in', () =>
        HttpResponse.json({ message: "Only staff on door duty (front desk, volunteer coordinators, admins) and those a coordinator put on this event's door can check people in" }, { status: 403 }),
      ),
    );
    renderApp('/events/ev-1/check-in');
    expect(await screen.findByText("Only staff on door duty (front desk, volunteer coordinators, admins) and those a coordinator put on this event's door can check people in")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('sends visitors to sign in', async () => {
    renderApp('/events/ev-1/check-in');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/events/ev-1/check-in'));
  });
});

describe('/admin/events/:id/sign-in-sheet', () => {
  it('lists every party by last name with a check-in box', async () => {
    signInAs(makeUser({ isAdmin: true }));
    server.use(
      http.get('/api/events/ev-1', () => HttpResponse.json(event)),
      http.get('/api/events/ev-1/attendees', () =>
        HttpResponse.json([withContact('a-1', 'Ravi', 'Kumar', 2), withContact('a-2', 'Sita', 'Devi', 0, '2030-11-01T01:00:00Z')]),
      ),
    );
    renderApp('/admin/events/ev-1/sign-in-sheet');
    const table = await screen.findByRole('table', { name: 'Sign-in sheet' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Devi, Sita', 'Kumar, Ravi']);
    expect(within(rows[1]).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(within(rows[0]).getByRole('img', { name: 'checked in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
  });
});
