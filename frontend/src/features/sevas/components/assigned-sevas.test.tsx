import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStaff, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';
import type { AssignedSeva } from '@/types/api';

const priest = makeStaff(['priest'], { firstName: 'Ramana', lastName: 'Sharma' });

function assigned(overrides: Partial<AssignedSeva>): AssignedSeva {
  return {
    id: 'b-1',
    sevaName: 'Satyanarayana Puja',
    date: '2026-03-14',
    slotLabel: '9:00 AM',
    startsAt: '2026-03-14T16:00:00Z',
    status: 'confirmed',
    participants: [
      { name: 'Lakshmi Rao', gotram: 'Kashyapa', nakshatram: 'Rohini', rasi: 'Vrishabha' },
      { name: 'Ravi Rao', gotram: 'Kashyapa', nakshatram: null, rasi: null },
    ],
    address: '12 Oak Lane, Folsom',
    note: 'Bring the kalasam',
    ...overrides,
  };
}

describe('/my-sevas', () => {
  it("lists today's sevas with each participant and marks one done", async () => {
    signInAs(priest);
    let sevas = [assigned({}), assigned({ id: 'b-2', sevaName: 'Abhishekam', slotLabel: '11:00 AM', status: 'completed', address: null, note: null, participants: [{ name: 'Sita Devi', gotram: null, nakshatram: 'Ashwini', rasi: null }] })];
    const queries: URLSearchParams[] = [];
    const completed: string[] = [];
    server.use(
      http.get('/api/seva-bookings/assigned', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(sevas);
      }),
      http.post('/api/seva-bookings/:id/complete', ({ params }) => {
        completed.push(String(params.id));
        sevas = sevas.map((s) => (s.id === params.id ? { ...s, status: 'completed' } : s));
        return HttpResponse.json({});
      }),
    );
    const { user } = renderApp('/my-sevas');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Sevas' })).toBeInTheDocument();
    const puja = await screen.findByRole('article', { name: '9:00 AM · Satyanarayana Puja' });
    expect(queries[0].get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const people = within(puja).getByRole('list', { name: 'People of the sankalpam: Satyanarayana Puja' });
    expect(within(people).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Lakshmi RaoGotram: Kashyapa · Nakshatram: Rohini · Rasi: Vrishabha',
      'Ravi RaoGotram: Kashyapa',
    ]);
    expect(within(puja).getByText('12 Oak Lane, Folsom')).toBeInTheDocument();
    expect(within(puja).getByText('Bring the kalasam')).toBeInTheDocument();
    expect(within(puja).getByText('Confirmed')).toBeInTheDocument();
    const abhishekam = screen.getByRole('article', { name: '11:00 AM · Abhishekam' });
    expect(within(abhishekam).getByText('Nakshatram: Ashwini')).toBeInTheDocument();
    expect(within(abhishekam).queryByRole('button', { name: /Mark done/ })).not.toBeInTheDocument();

    await user.click(within(puja).getByRole('button', { name: 'Mark done: 9:00 AM · Satyanarayana Puja' }));
    expect(await screen.findByText('Seva marked done')).toBeInTheDocument();
    expect(completed).toEqual(['b-1']);
    await waitFor(() => expect(within(puja).queryByRole('button', { name: /Mark done/ })).not.toBeInTheDocument());
    expect(within(puja).getByText('Done')).toBeInTheDocument();
  });

  it("shows this week's sevas by day, and the empty state", async () => {
    signInAs(priest);
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/seva-bookings/assigned', ({ request }) => {
        const q = new URL(request.url).searchParams;
        queries.push(q);
        return HttpResponse.json(q.get('date') ? [] : [assigned({ date: '2026-03-16' })]);
      }),
    );
    const { user } = renderApp('/my-sevas');
    expect(await screen.findByText('No sevas assigned to you today.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(await screen.findByRole('heading', { name: 'Monday, March 16, 2026' })).toBeInTheDocument();
    const week = queries.at(-1)!;
    expect(week.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(week.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByRole('button', { name: 'This week' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows why when no priest profile is linked to the account', async () => {
    signInAs(priest);
    server.use(
      http.get('/api/seva-bookings/assigned', () =>
        HttpResponse.json({ message: 'No priest profile is linked to your account: ask an admin to link it' }, { status: 409 }),
      ),
    );
    renderApp('/my-sevas');
    expect(await screen.findByRole('alert')).toHaveTextContent('No priest profile is linked to your account: ask an admin to link it');
  });

  it('sends a member without priest duties home', async () => {
    signInAs(makeUser());
    renderApp('/my-sevas');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it("links My Sevas from a priest's user menu", async () => {
    signInAs(priest);
    server.use(http.get('/api/seva-bookings/assigned', () => HttpResponse.json([])));
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'RS, open user menu' }));
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(within(menu).getByRole('menuitem', { name: 'My Sevas' })).toHaveAttribute('href', '/my-sevas');
  });
});
