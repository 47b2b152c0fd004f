import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@/lib/dates';
import { makeSeva } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { screen, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

describe('/sevas/:id?date=YYYY-MM-DD', () => {
  it('opens the seva on the date of the link (the star-birthday reminders)', async () => {
    const seva = makeSeva({ name: 'Ashtottara Archana' });
    const date = addDays(todayIn('America/Los_Angeles'), 3);
    server.use(
      http.get(`/api/sevas/${seva.id}`, () => HttpResponse.json(seva)),
      http.get('/api/seva-settings', () => HttpResponse.json({ cancellationPolicy: null, zellePendingConfirms: false, zelleHoldHours: 48, maxUnpaidHolds: 3 })),
      http.get(`/api/sevas/${seva.id}/availability`, ({ request }) => {
        const url = new URL(request.url);
        const days = [];
        for (let d = url.searchParams.get('from') ?? ''; d <= (url.searchParams.get('to') ?? ''); d = addDays(d, 1)) {
          const slot = { time: '09:00', timeLabel: '9:00 AM', startsAt: `${d}T17:00:00Z`, capacity: 5, remaining: 5, status: 'open' };
          days.push({ date: d, status: 'open', slots: [slot] });
        }
        return HttpResponse.json({ sevaId: seva.id, timeZone: 'America/Los_Angeles', days });
      }),
    );
    renderApp(`/sevas/${seva.id}?date=${date}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ashtottara Archana' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Available dates' });
    expect(within(within(grid).getByRole('gridcell', { selected: true })).getByRole('button')).toHaveAttribute('data-date', date);
  });
});
