import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import useSWR from 'swr';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '@/lib/api-keys';
import { useSite } from '@/lib/site';
import { makeEvent, makeFestivalRule } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { FestivalDay } from '@/types/api';
import { MakeEventsDialog } from './make-events-dialog';

const rule = makeFestivalRule({ id: 'diwali' });

/** The festival's dates by year: one passed and one made in 2026, one new date a year after. */
const DAYS: Record<number, FestivalDay[]> = {
  2026: [
    { date: '2026-01-14', eventId: null, past: true },
    { date: '2026-11-08', eventId: 'ev-1', past: false },
  ],
  2027: [{ date: '2027-10-29', eventId: null, past: false }],
  2028: [{ date: '2028-10-17', eventId: null, past: false }],
};

/** Answers the preview of the years asked for, and records each query. */
function previewHandler(asked: string[]) {
  return http.get('/api/admin/festivals/diwali/events', ({ request }) => {
    const url = new URL(request.url);
    asked.push(url.search);
    const from = Number(url.searchParams.get('fromYear'));
    const years = Number(url.searchParams.get('years'));
    const days = Array.from({ length: years }, (_, i) => DAYS[from + i] ?? []).flat();
    return HttpResponse.json({ festival: rule, days });
  });
}

/** Its children once the site settings are read, as in the Temple tab (the place starts as the temple's name). */
function AfterSite({ children }: { children: ReactNode }) {
  return useSite().settings ? children : null;
}

/** Stands for the events pages: reads the events list, so its refresh can be counted. */
function EventsProbe() {
  useSWR(apiKeys.events);
  return null;
}

describe('MakeEventsDialog', () => {
  it('previews the dates of the years chosen, marking those made and passed', async () => {
    const asked: string[] = [];
    server.use(previewHandler(asked));
    const { user } = renderWithProviders(
      <AfterSite>
        <MakeEventsDialog rule={rule} thisYear={2026} onClose={() => {}} />
      </AfterSite>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Make events: Diwali (Lakshmi Puja)' });
    const list = await within(dialog).findByRole('list', { name: 'Dates at the temple' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Wednesday, January 14, 2026Passed', 'Sunday, November 8, 2026Already an event']);
    expect(within(items[1]).getByRole('link', { name: 'Already an event' })).toHaveAttribute('href', '/events/ev-1');
    expect(within(dialog).getByText('0 events to make, 1 already made, 1 passed.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Nothing to make' })).toBeDisabled();
    // The description and the place start filled in.
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('Lakshmi puja on the evening of Ashwin Amavasya.');
    expect(within(dialog).getByLabelText(/^Place/)).toHaveValue('Sri Venkateswara Temple of Folsom');

    await user.click(within(dialog).getByRole('combobox', { name: /Years/ }));
    await user.click(screen.getByRole('option', { name: '3' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(4));
    expect(asked).toEqual(['?fromYear=2026&years=1', '?fromYear=2026&years=3']);
    expect(within(dialog).getByText('2 events to make, 1 already made, 1 passed.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Make 2 events' })).toBeEnabled();

    // A year being typed asks for nothing; a valid one asks again.
    const year = within(dialog).getByLabelText(/^First year/);
    await user.clear(year);
    expect(await within(dialog).findByText('Choose the years to see the dates.')).toBeInTheDocument();
    await user.type(year, '2027');
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(2));
    expect(asked.at(-1)).toBe('?fromYear=2027&years=3');
  });

  it("makes the events, showing the server's field errors first, then what was made, and refreshes the events list", async () => {
    const asked: string[] = [];
    const bodies: unknown[] = [];
    let eventsRead = 0;
    server.use(
      previewHandler(asked),
      http.get('/api/events', () => {
        eventsRead += 1;
        return HttpResponse.json([]);
      }),
      http.post('/api/admin/festivals/diwali/events', async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1) {
          return HttpResponse.json({ message: 'Validation failed', errors: { location: 'Location must be at most 300 characters' } }, { status: 400 });
        }
        return HttpResponse.json(
          {
            created: [
              makeEvent({ id: 'new-1', name: 'Diwali (Lakshmi Puja)', eventDate: '2027-10-30T01:00:00Z' }),
              makeEvent({ id: 'new-2', name: 'Diwali (Lakshmi Puja)', eventDate: '2028-10-18T01:00:00Z' }),
            ],
            existing: [{ date: '2026-11-08', eventId: 'ev-1', past: false }],
            past: ['2026-01-14'],
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderWithProviders(
      <AfterSite>
        <EventsProbe />
        <MakeEventsDialog rule={rule} thisYear={2026} onClose={() => {}} />
      </AfterSite>,
    );
    const dialog = await screen.findByRole('dialog', { name: /Make events/ });
    await within(dialog).findByRole('list', { name: 'Dates at the temple' });
    await user.click(within(dialog).getByRole('combobox', { name: /Years/ }));
    await user.click(screen.getByRole('option', { name: '3' }));
    const make = await within(dialog).findByRole('button', { name: 'Make 2 events' });
    await user.click(make);
    expect(await within(dialog).findByText('Time must be a valid time (HH:MM)')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Time/), '18:00');
    await user.type(within(dialog).getByLabelText(/^Capacity/), '300');

    await user.click(make);
    expect(await within(dialog).findByText('Location must be at most 300 characters')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      fromYear: 2026,
      years: 3,
      time: '18:00',
      location: 'Sri Venkateswara Temple of Folsom',
      description: 'Lakshmi puja on the evening of Ashwin Amavasya.',
      capacity: 300,
    });

    const readBefore = eventsRead;
    await user.click(within(dialog).getByRole('button', { name: 'Make 2 events' }));
    expect(await within(dialog).findByText('Made 2 events.')).toBeInTheDocument();
    const made = within(dialog).getByRole('list', { name: 'Events made' });
    expect(within(made).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/events/new-1', '/events/new-2']);
    expect(within(made).getByText(/Friday, October 29, 2027/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Sunday, November 8, 2026' })).toHaveAttribute('href', '/events/ev-1');
    expect(within(dialog).getByText('Wednesday, January 14, 2026')).toBeInTheDocument();
    await waitFor(() => expect(eventsRead).toBeGreaterThan(readBefore));
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('says when someone made the events meanwhile, and reloads the dates', async () => {
    const asked: string[] = [];
    server.use(
      previewHandler(asked),
      http.post('/api/admin/festivals/diwali/events', () =>
        HttpResponse.json({ message: 'Some of these events were just made by someone else; look at the dates again' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(
      <AfterSite>
        <MakeEventsDialog rule={rule} thisYear={2027} onClose={() => {}} />
      </AfterSite>,
    );
    const dialog = await screen.findByRole('dialog', { name: /Make events/ });
    await user.type(within(dialog).getByLabelText(/^Time/), '18:00');
    await user.click(await within(dialog).findByRole('button', { name: 'Make 1 event' }));
    expect(await screen.findByText('Some of these events were just made by someone else; look at the dates again')).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual(['?fromYear=2027&years=1', '?fromYear=2027&years=1']));
    expect(within(dialog).getByRole('button', { name: 'Make 1 event' })).toBeInTheDocument();
  });

  it('shows the dates loading, then failing, with a retry', async () => {
    let fail = true;
    server.use(
      http.get('/api/admin/festivals/diwali/events', () =>
        fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json({ festival: rule, days: [] }),
      ),
    );
    const { user } = renderWithProviders(<MakeEventsDialog rule={rule} thisYear={2026} onClose={() => {}} />);
    expect(screen.getByRole('status', { name: 'Loading the dates' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load the dates. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The festival falls on no day in these years.')).toBeInTheDocument();
  });
});
