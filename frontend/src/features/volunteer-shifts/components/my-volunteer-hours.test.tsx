import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { MyShiftSignup, MyVolunteering } from '@/types/volunteer-shifts';
import { MyVolunteerHours } from './my-volunteer-hours';

function signup(overrides: Partial<MyShiftSignup>): MyShiftSignup {
  return {
    id: 'su-1',
    shiftId: 's-1',
    roleId: 'r-1',
    eventId: 'ev-diwali',
    eventName: 'Diwali',
    roleName: 'Kitchen',
    reportTo: null,
    startsAt: '2026-11-07T16:00:00Z',
    endsAt: '2026-11-07T20:00:00Z',
    familyMemberId: null,
    name: 'Lakshmi Rao',
    status: 'confirmed',
    attendance: 'present',
    dropRequested: false,
    canDrop: false,
    hours: 4,
    ...overrides,
  };
}

/** Answers each year's sign-ups from `years`; records the years asked for. */
function serve(years: Record<number, MyVolunteering>) {
  const asked: string[] = [];
  server.use(
    http.get('/api/account/volunteer-shifts', ({ request }) => {
      const year = new URL(request.url).searchParams.get('year') ?? '';
      asked.push(year);
      return HttpResponse.json(years[Number(year)] ?? { year: Number(year), hours: 0, signups: [] });
    }),
  );
  return asked;
}

beforeEach(() => {
  // December 31, 2026, 8:00 PM in Folsom: already 2027 in UTC, still 2026 at the temple.
  vi.useFakeTimers({ now: new Date('2027-01-01T04:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('MyVolunteerHours', () => {
  it("totals the year's hours and lists its sign-ups with their status and hours", async () => {
    serve({
      2026: {
        year: 2026,
        hours: 12.5,
        signups: [
          signup({ id: 'a', hours: 4 }),
          signup({ id: 'b', eventName: 'Ganesh Chaturthi', eventId: 'ev-g', roleName: 'Parking', startsAt: '2026-09-12T15:00:00Z', endsAt: '2026-09-12T23:30:00Z', hours: 8.5 }),
          signup({ id: 'c', roleName: 'Decorations', familyMemberId: 'f-1', name: 'Anand Rao', attendance: 'no_show', hours: 0 }),
          signup({ id: 'd', startsAt: '2026-12-31T17:00:00Z', endsAt: '2026-12-31T21:00:00Z', eventName: 'New Year', status: 'waitlisted', attendance: null, hours: 0 }),
        ],
      },
    });
    renderWithProviders(<MyVolunteerHours />);
    expect(screen.getByRole('status', { name: 'Loading your volunteer hours' })).toHaveAttribute('aria-busy', 'true');
    const card = within(screen.getByRole('region', { name: 'My volunteering' }));
    expect(await card.findByText('12.5 hours')).toBeInTheDocument();
    expect(card.getByText('Volunteered in 2026')).toBeInTheDocument();

    const items = within(card.getByRole('list', { name: 'Volunteer shifts in 2026' })).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    // By start time.
    expect(items[0]).toHaveTextContent('Ganesh Chaturthi');
    expect(items[0]).toHaveTextContent('Parking');
    expect(items[0]).toHaveTextContent('Saturday, September 12, 2026, 8:00 AM – 4:30 PM');
    expect(items[0]).toHaveTextContent('Attended');
    expect(items[0]).toHaveTextContent('8.5 hours');
    expect(within(items[0]).getByRole('link', { name: 'Ganesh Chaturthi' })).toHaveAttribute('href', '/events/ev-g');
    expect(items[1]).toHaveTextContent('4 hours');
    expect(items[2]).toHaveTextContent('Decorations · Anand Rao');
    expect(items[2]).toHaveTextContent('Missed');
    expect(items[2]).toHaveTextContent('0 hours');
    expect(items[3]).toHaveTextContent('Waitlisted');
  });

  it('offers next year, this year and the four before, each with its own total', async () => {
    const asked = serve({ 2025: { year: 2025, hours: 1, signups: [signup({ startsAt: '2025-11-01T16:00:00Z', endsAt: '2025-11-01T17:00:00Z', hours: 1 })] } });
    const { user } = renderWithProviders(<MyVolunteerHours />);
    expect(await screen.findByText('No volunteer shifts this year.')).toBeInTheDocument();
    expect(screen.getByText('0 hours')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Year' }));
    const options = within(screen.getByRole('listbox', { name: 'Year' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['2027', '2026', '2025', '2024', '2023', '2022']);
    await user.click(options[2]);
    expect(await screen.findByText('Volunteered in 2025')).toBeInTheDocument();
    // The year's total, and its one shift's hours.
    expect(screen.getAllByText('1 hour')).toHaveLength(2);
    expect(within(screen.getByRole('list', { name: 'Volunteer shifts in 2025' })).getAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'Year' }));
    await user.click(within(screen.getByRole('listbox', { name: 'Year' })).getByRole('option', { name: '2022' }));
    expect(await screen.findByText('No volunteer shifts in 2022.')).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual(['2026', '2025', '2022']));
  });

  it('offers to retry when the sign-ups cannot be read', async () => {
    let fail = true;
    server.use(
      http.get('/api/account/volunteer-shifts', () =>
        fail ? HttpResponse.json({ message: 'Something went wrong' }, { status: 500 }) : HttpResponse.json({ year: 2026, hours: 2, signups: [] }),
      ),
    );
    const { user } = renderWithProviders(<MyVolunteerHours />);
    expect(await screen.findByText('Your volunteering could not be loaded. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('2 hours')).toBeInTheDocument();
  });
});
