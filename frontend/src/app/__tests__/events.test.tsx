import { fireEvent } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { EventsList } from '@/features/events/components/events-list';
import { makeEvent, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

const future = (days: number) => new Date(Date.now() + days * 86400000).toISOString();

const rathotsavam = makeEvent({ name: 'Rathotsavam', eventDate: future(20), location: 'Temple grounds', description: 'Chariot procession', attendeeCount: 42, capacity: 50, spotsLeft: 8 });
const bhajan = makeEvent({ name: 'Bhajan Evening', eventDate: future(3), location: 'Main Hall', description: null, attendeeCount: 9, capacity: 10, spotsLeft: 1 });
const kalyanam = makeEvent({ name: 'Kalyanotsavam', eventDate: future(40), location: 'Kalyana Mandapam', imageUrl: 'https://img.example.org/k.jpg' });
const past = makeEvent({ name: 'Ugadi', eventDate: new Date(Date.now() - 10 * 86400000).toISOString() });

function useEventsAnswer(list = [rathotsavam, bhajan, kalyanam, past]) {
  server.use(http.get('/api/events', () => HttpResponse.json(list)));
}

const cardTitles = () =>
  within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent)
    .filter((t) => t !== 'Event Calendar' && t !== 'No events found');

describe('/events', () => {
  it('has the back link, heading, subtitle and calendar anchor', async () => {
    useEventsAnswer();
    renderApp('/events');
    expect(await screen.findByText('Browse and join upcoming events at our temple')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View Calendar' })).toHaveAttribute('href', '#calendar');
    expect(document.getElementById('calendar')).not.toBeNull();
  });

  it('shows a spinner while loading', async () => {
    server.use(http.get('/api/events', async () => { await delay('infinite'); return HttpResponse.json([]); }));
    renderApp('/events');
    expect(await screen.findByRole('progressbar', { name: 'Loading events' })).toBeInTheDocument();
  });

  it('shows the empty state without and with a search', async () => {
    const { user } = renderApp('/events');
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(screen.getByText('Check back later for upcoming events')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Search events...'), 'diwali');
    expect(screen.getByText('Try adjusting your search query')).toBeInTheDocument();
  });

  it('lists upcoming events by date with counts, spots and details links', async () => {
    useEventsAnswer();
    renderApp('/events');
    await screen.findByRole('heading', { name: 'Rathotsavam', level: 2 });
    expect(cardTitles()).toEqual(['Bhajan Evening', 'Rathotsavam', 'Kalyanotsavam']);
    const list = screen.getAllByRole('list')[0];
    const bhajanCard = within(list).getAllByRole('listitem')[0];
    expect(within(bhajanCard).getByText('9 attending')).toBeInTheDocument();
    expect(within(bhajanCard).getByText('1 spot left')).toBeInTheDocument();
    expect(within(bhajanCard).getByText('Main Hall')).toBeInTheDocument();
    expect(within(bhajanCard).getByRole('link', { name: /View Details/ })).toHaveAttribute('href', `/events/${bhajan.id}`);
    expect(screen.getByText('8 spots left')).toBeInTheDocument();
    expect(screen.getByText('Chariot procession')).toBeInTheDocument();
  });

  it('searches and sorts on the client', async () => {
    useEventsAnswer();
    const { user } = renderApp('/events');
    await screen.findByRole('heading', { name: 'Rathotsavam', level: 2 });
    await user.selectOptions(screen.getByLabelText('Sort by'), 'name-desc');
    expect(cardTitles()).toEqual(['Rathotsavam', 'Kalyanotsavam', 'Bhajan Evening']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'date-desc');
    expect(cardTitles()).toEqual(['Kalyanotsavam', 'Rathotsavam', 'Bhajan Evening']);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'name-asc');
    expect(cardTitles()).toEqual(['Bhajan Evening', 'Kalyanotsavam', 'Rathotsavam']);
    await user.type(screen.getByPlaceholderText('Search events...'), 'MANDAPAM');
    expect(cardTitles()).toEqual(['Kalyanotsavam']);
  });

  it('can include past events', async () => {
    useEventsAnswer();
    const { user } = renderApp('/events');
    await screen.findByRole('heading', { name: 'Rathotsavam', level: 2 });
    expect(screen.queryByRole('heading', { name: 'Ugadi', level: 2 })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Show past events' }));
    expect(cardTitles()[0]).toBe('Ugadi');
  });

  it('retries a failed image once with a cache-busting parameter, then shows the placeholder', async () => {
    useEventsAnswer([kalyanam]);
    renderApp('/events');
    const img = await screen.findByRole('img', { name: 'Kalyanotsavam' });
    expect(img).toHaveAttribute('src', 'https://img.example.org/k.jpg');
    fireEvent.error(img);
    const retried = await screen.findByRole('img', { name: 'Kalyanotsavam' });
    expect(retried.getAttribute('src')).toMatch(/^https:\/\/img\.example\.org\/k\.jpg\?retry=\d+$/);
    fireEvent.error(retried);
    expect(await screen.findByRole('img', { name: 'Kalyanotsavam (no image)' })).toBeInTheDocument();
  });

  it('shows the admin actions slot to admins only', async () => {
    const { EventsPage } = await import('@/features/events/components/events-page');
    signInAs(makeUser({ isAdmin: false }));
    const first = renderWithProviders(<EventsPage adminActions={<button>Create Event</button>} />);
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Create Event' })).not.toBeInTheDocument();
    first.unmount();
    signInAs(makeUser({ isAdmin: true }));
    renderWithProviders(<EventsPage adminActions={<button>Create Event</button>} />);
    expect(await screen.findByRole('button', { name: 'Create Event' })).toBeInTheDocument();
  });

  it('limits the list and links to all events when more exist', async () => {
    useEventsAnswer();
    renderWithProviders(<EventsList limit={2} showFilters={false} />);
    await screen.findByRole('heading', { name: 'Bhajan Evening' });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByPlaceholderText('Search events...')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All Events' })).toHaveAttribute('href', '/events');
  });

  it('shows events on a month calendar with previous/next months', async () => {
    const now = new Date();
    const nextMonth = new Date(now.getFullYear(), now.getMonth() + 1, 15, 12);
    const inNextMonth = makeEvent({ name: 'Navaratri', eventDate: nextMonth.toISOString() });
    useEventsAnswer([inNextMonth]);
    const { user } = renderApp('/events');
    const calendar = await screen.findByRole('table');
    const monthName = (d: Date) => d.toLocaleString('en-US', { month: 'long', year: 'numeric' });
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(within(calendar).getByText(`Events in ${monthName(nextMonth)}`)).toBeInTheDocument();
    expect(within(calendar).getAllByRole('link', { name: /Navaratri/ })[0]).toHaveAttribute('href', `/events/${inNextMonth.id}`);
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(within(calendar).queryByRole('link', { name: /Navaratri/ })).not.toBeInTheDocument();
  });

  it("puts the recurring services' occurrences of the shown month on the calendar, as the server dates them", async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/services/occurrences', ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
        const from = url.searchParams.get('from') ?? '';
        const date = `${from.slice(0, 8)}14`;
        return HttpResponse.json({
          timeZone: 'America/Los_Angeles',
          occurrences: [{ serviceId: 's1', name: 'Unjal Seva', date, time: '20:00', timeLabel: '8:00 PM', startsAt: `${date}T04:00:00Z` }],
        });
      }),
    );
    renderApp('/events');
    const calendar = await screen.findByRole('table');
    const cell = await within(calendar).findByTitle('Unjal Seva, 8:00 PM');
    // Grouped by the server's local date (the 14th), not by the instant read in another zone.
    expect(cell.closest('td')).toHaveTextContent(/^14/);
    const now = new Date();
    const mm = String(now.getMonth() + 1).padStart(2, '0');
    expect(asked[0]).toMatch(new RegExp(`^${now.getFullYear()}-${mm}-01\\.\\.${now.getFullYear()}-${mm}-(28|29|30|31)$`));
  });
});
