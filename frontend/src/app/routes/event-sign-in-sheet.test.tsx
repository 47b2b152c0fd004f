import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeAttendee, makeEvent, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/render-app';
import { screen, signInAs, within } from '@/testing/test-utils';

// Moved from the former check-in page's tests when the door desk replaced that page.

const event = makeEvent({ id: 'ev-1', name: 'Ratha Yatra' });

function withContact(id: string, firstName: string, lastName: string, family: number, checkedInAt: string | null = null) {
  return { ...makeAttendee({ id, eventId: 'ev-1', numberOfFamilyMembers: family, checkedInAt }), firstName, lastName, email: `${firstName}@example.org`, phoneNumber: null };
}

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
