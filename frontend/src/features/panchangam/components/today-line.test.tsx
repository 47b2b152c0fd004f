import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makePanchangamDay, tithiOf } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import { TodayLine } from './today-line';

/** The issue's example: a Krishna Dvitiya of Margashirsha that ends at 3:20 AM after the day's sunrise at 6:56 AM. */
const issueDay = makePanchangamDay({
  date: '2026-12-25',
  sunrise: '2026-12-25T06:56:10-08:00',
  tithi: tithiOf(17, '2026-12-26T03:20:30-08:00'),
  nakshatra: { number: 4, name: 'Rohini', endsAt: '2026-12-25T22:00:00-08:00' },
  lunarMonth: { number: 9, name: 'Margashirsha', adhika: false },
});

describe("the home page's line of today's panchangam", () => {
  it('reads the lunar month, the tithi with its end, the nakshatra and the sunrise, and links to the month', async () => {
    server.use(
      http.get('/api/panchangam', ({ request }) => {
        // Today's: the server's today, nothing asked.
        expect(new URL(request.url).search).toBe('');
        return HttpResponse.json([issueDay]);
      }),
    );
    renderWithProviders(<TodayLine />);
    const link = await screen.findByRole('link', { name: /^Today:/ });
    expect(link).toHaveAccessibleName('Today: Margashirsha Krishna Dvitiya until 3:20 AM tomorrow · Rohini · Sunrise 6:56 AM');
    expect(link).toHaveAttribute('href', '/panchangam');
  });

  it('says the end without "tomorrow" when the tithi ends the same day, and names Pournami alone', async () => {
    server.use(
      http.get('/api/panchangam', () =>
        HttpResponse.json([makePanchangamDay({ tithi: tithiOf(15, '2026-11-25T23:45:45-08:00'), lunarMonth: { number: 3, name: 'Jyeshtha', adhika: true } })]),
      ),
    );
    renderWithProviders(<TodayLine />);
    expect(await screen.findByRole('link', { name: /^Today:/ })).toHaveAccessibleName(
      'Today: Adhika Jyeshtha Pournami until 11:45 PM · Rohini · Sunrise 6:57 AM',
    );
  });

  it('holds its place while it loads and is left out when it cannot be had', async () => {
    server.use(http.get('/api/panchangam', () => HttpResponse.json({ message: 'Something went wrong' }, { status: 500 })));
    renderWithProviders(<TodayLine />);
    expect(screen.getByRole('status', { name: "Loading today's panchangam" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
