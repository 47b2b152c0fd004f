import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { makeSeva, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { fireEvent, renderWithProviders, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import type { Seva, SevaAvailability } from '@/types/api';
import { addDays, formatLocalDate, todayIn } from '../lib/sankalpam';
import { AvailabilityPicker, type ChosenSlot } from './availability-picker';
import { SevaDetail } from './seva-detail';

const SEVA_ID = '5e7a0000-0000-4000-8000-000000000001';

const seva: Seva = makeSeva({
  id: SEVA_ID,
  priceCents: 0,
  slots: [{ time: '09:00', capacity: 1, timeLabel: '9:00 AM' }],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

/** The page's 42 days from `from`: the first two past, the others open with one 9:00 slot. */
function availability(from: string, to: string, full: Set<string> = new Set()): SevaAvailability {
  const days = [];
  for (let date = from, i = 0; date <= to; date = addDays(date, 1), i++) {
    const taken = full.has(date);
    days.push({
      date,
      status: i < 2 ? 'past' : 'open',
      slots: [
        {
          time: '09:00',
          timeLabel: '9:00 AM',
          startsAt: `${date}T17:00:00Z`,
          capacity: 1,
          remaining: taken ? 0 : 1,
          status: i < 2 ? 'closed' : taken ? 'full' : 'open',
        },
      ],
    });
  }
  return { sevaId: SEVA_ID, timeZone: 'America/Los_Angeles', days };
}

function serveAvailability(full: Set<string>) {
  server.use(
    http.get(`/api/sevas/${SEVA_ID}/availability`, ({ request }) => {
      const url = new URL(request.url);
      return HttpResponse.json(availability(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? '', full));
    }),
  );
}

function Picker() {
  const [value, setValue] = useState<ChosenSlot | null>(null);
  return <AvailabilityPicker sevaId={SEVA_ID} today="2026-03-04" value={value} onChange={setValue} />;
}

describe('the seva calendar', () => {
  it('is an ARIA grid of rows: a row of weekday headers, then a row per week of date cells', async () => {
    serveAvailability(new Set());
    renderWithProviders(<Picker />);
    const grid = await screen.findByRole('grid', { name: 'Available dates' });
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(7);
    // Nothing sits in the grid but its rows, and nothing in a row but its cells.
    expect(Array.from(grid.children).every((child) => child.getAttribute('role') === 'row')).toBe(true);
    expect(within(rows[0]).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    for (const row of rows.slice(1)) {
      expect(Array.from(row.children).map((cell) => cell.getAttribute('role'))).toEqual(Array(7).fill('gridcell'));
    }
    // The week of 2026-03-04 starts on Sunday, March 1.
    const week = within(rows[1]).getAllByRole('gridcell');
    expect(within(week[0]).getByRole('button')).toHaveAccessibleName('Sunday, March 1, 2026: Past');
    expect(within(week[3]).getByRole('button')).toHaveAccessibleName('Wednesday, March 4, 2026: 1 place left');
  });

  it('has one tab stop and moves by the arrow keys, Home and End', async () => {
    serveAvailability(new Set());
    const { user } = renderWithProviders(<Picker />);
    const grid = await screen.findByRole('grid', { name: 'Available dates' });
    const day = (date: string) => grid.querySelector<HTMLElement>(`[data-date="${date}"]`)!;
    // The first bookable day is the tab stop; the past days can be reached, not chosen.
    expect(Array.from(grid.querySelectorAll('[tabindex="0"]'))).toEqual([day('2026-03-03')]);
    // Tab: past "Later dates" ("Earlier dates" is disabled on the first page) into the grid, and out of it.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Later dates' })).toHaveFocus();
    await user.tab();
    expect(day('2026-03-03')).toHaveFocus();
    await user.tab();
    expect(grid).not.toContainElement(document.activeElement as HTMLElement);
    await user.tab({ shift: true });
    expect(day('2026-03-03')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(day('2026-03-04')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day('2026-03-11')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(day('2026-03-03')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day('2026-03-01')).toHaveFocus();
    expect(day('2026-03-01')).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{End}');
    expect(day('2026-03-07')).toHaveFocus();
    await user.keyboard('{Control>}{End}{/Control}');
    expect(day('2026-04-11')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(day('2026-04-11')).toHaveFocus();
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(day('2026-03-01')).toHaveFocus();
    // The tab stop follows the focus.
    expect(Array.from(grid.querySelectorAll('[tabindex="0"]'))).toEqual([day('2026-03-01')]);
    // A past day is not chosen; an open one is, with Enter.
    fireEvent.click(day('2026-03-01'));
    expect(screen.getByText('Choose a highlighted date to see its times.')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(within(grid).getAllByRole('gridcell', { selected: true })).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Time slot' })).toBeInTheDocument();
  });
});

describe('booking a seva', () => {
  it('reloads the calendar after a refused booking: the slot taken meanwhile shows full and is no longer chosen', async () => {
    signInAs(makeUser());
    const full = new Set<string>();
    serveAvailability(full);
    let booked: string | null = null;
    server.use(
      http.get(`/api/sevas/${SEVA_ID}`, () => HttpResponse.json(seva)),
      http.get('/api/seva-settings', () => HttpResponse.json({ cancellationPolicy: null, zellePendingConfirms: false, zelleHoldHours: 48, maxUnpaidHolds: 3 })),
      http.get('/api/users/me/family', () =>
        HttpResponse.json([
          { id: 'f1', name: 'Lakshmi Rao', relation: null, gotram: 'Kashyapa', nakshatram: null, rasi: null, birthDate: null, createdAt: '', updatedAt: '' },
        ]),
      ),
      http.post(`/api/sevas/${SEVA_ID}/bookings`, async ({ request }) => {
        // Another member took the last place a moment before.
        booked = ((await request.json()) as { date: string }).date;
        full.add(booked);
        return HttpResponse.json({ message: 'This slot is fully booked; please choose another' }, { status: 409 });
      }),
    );
    const { user } = renderWithProviders(<SevaDetail id={SEVA_ID} payment={() => null} />);
    const grid = await screen.findByRole('grid', { name: 'Available dates' });
    const open = within(grid).getAllByRole('button', { name: /1 place left/ });
    await user.click(open[open.length - 1]);
    const nine = screen.getByRole('button', { name: /9:00 AM/ });
    expect(nine).toHaveTextContent('1 left');
    await user.click(nine);
    await user.click(await screen.findByRole('checkbox', { name: /Lakshmi Rao/ }));
    await user.click(screen.getByRole('button', { name: 'Book' }));

    expect(await screen.findByText('This slot is fully booked; please choose another')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /9:00 AM/ })).toHaveTextContent('Full'));
    expect(screen.getByRole('button', { name: /9:00 AM/ })).toBeDisabled();
    expect(within(grid).getByRole('button', { name: new RegExp(`: Fully booked$`) })).toHaveAttribute('data-date', booked);
    expect(screen.getByText('Choose a date and time above first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book' })).toBeDisabled();
  });
});

describe("a seva's page opened on a date (?date=, the star-birthday reminders' link)", () => {
  const today = todayIn('America/Los_Angeles');
  const weekStart = (date: string) => addDays(date, -new Date(`${date}T00:00:00Z`).getUTCDay());

  function serveSeva(full: Set<string> = new Set(), overrides: Partial<Seva> = {}) {
    const asked: string[] = [];
    serveAvailability(full);
    server.use(
      http.get(`/api/sevas/${SEVA_ID}`, () => HttpResponse.json({ ...seva, ...overrides })),
      http.get('/api/seva-settings', () => HttpResponse.json({ cancellationPolicy: null, zellePendingConfirms: false, zelleHoldHours: 48, maxUnpaidHolds: 3 })),
      http.get(`/api/sevas/${SEVA_ID}/availability`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.searchParams.get('from') ?? '');
        return HttpResponse.json(availability(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? '', full));
      }),
    );
    return asked;
  }

  it('shows the six weeks holding a bookable date with the date chosen and its times', async () => {
    // On the second page of six weeks, past its first two (past) days.
    const date = addDays(today, 50);
    const asked = serveSeva();
    const { user } = renderWithProviders(<SevaDetail id={SEVA_ID} date={date} payment={() => null} />);
    const grid = await screen.findByRole('grid', { name: 'Available dates' });
    const chosen = within(grid).getByRole('gridcell', { selected: true });
    expect(within(chosen).getByRole('button')).toHaveAttribute('data-date', date);
    expect(within(chosen).getByRole('button')).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('heading', { name: formatLocalDate(date) })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Time slot' })).toBeInTheDocument();
    // Only that page was asked for, and the earlier dates are a click away.
    expect(asked).toEqual([addDays(weekStart(today), 42)]);
    await user.click(screen.getByRole('button', { name: 'Earlier dates' }));
    expect(await within(await screen.findByRole('grid', { name: 'Available dates' })).findAllByRole('gridcell')).toHaveLength(42);
    expect(asked).toEqual([addDays(weekStart(today), 42), weekStart(today)]);
    // Signing in comes back to the date.
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', paths.signIn.getHref(`/sevas/${SEVA_ID}?date=${date}`));
  });

  it.each([
    ['not a date', () => 'tomorrow'],
    ['not a real date', () => `${today.slice(0, 4)}-02-30`],
    ['in the past', () => addDays(today, -3)],
    ['beyond the booking window', () => addDays(today, 61)],
    ['a blackout date', () => addDays(today, 10)],
    ['a weekday the seva is not offered', () => addDays(today, 5)],
  ])('ignores a date %s quietly: the first six weeks, nothing chosen', async (_, dateOf) => {
    const date = dateOf();
    const off = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][new Date(`${addDays(today, 5)}T00:00:00Z`).getUTCDay()];
    const asked = serveSeva(new Set(), {
      blackoutDates: [addDays(today, 10)],
      weekdays: seva.weekdays.filter((d) => d !== off),
    });
    renderWithProviders(<SevaDetail id={SEVA_ID} date={date} payment={() => null} />);
    const grid = await screen.findByRole('grid', { name: 'Available dates' });
    expect(within(grid).queryByRole('gridcell', { selected: true })).not.toBeInTheDocument();
    expect(screen.getByText('Choose a highlighted date to see its times.')).toBeInTheDocument();
    expect(asked).toEqual([weekStart(today)]);
  });

  it('goes back to the first six weeks when the date turns out fully booked', async () => {
    const date = addDays(today, 50);
    const asked = serveSeva(new Set([date]));
    renderWithProviders(<SevaDetail id={SEVA_ID} date={date} payment={() => null} />);
    await waitFor(() => expect(asked).toEqual([addDays(weekStart(today), 42), weekStart(today)]));
    const grid = await screen.findByRole('grid', { name: 'Available dates' });
    expect(within(grid).getAllByRole('button')[0]).toHaveAttribute('data-date', weekStart(today));
    expect(within(grid).queryByRole('gridcell', { selected: true })).not.toBeInTheDocument();
    expect(screen.getByText('Choose a highlighted date to see its times.')).toBeInTheDocument();
  });
});
