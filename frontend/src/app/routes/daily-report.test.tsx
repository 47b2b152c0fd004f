import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { todayIn } from '@/lib/dates';
import { makeStaff, makeUser, rolePermissions } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';
import type { DailyReport } from '@/features/reports/lib/report';

/** The front desk as the server lists it: its permissions include the daily report. */
const frontDesk = () => makeStaff(['front_desk']);

const report = (date: string): DailyReport => ({
  date,
  total: '73.00',
  payments: 3,
  refunded: '0.00',
  byMethod: [{ key: 'cash', amount: '73.00', count: 3 }],
  byChannel: [{ key: 'counter', amount: '73.00', count: 3 }],
  byFund: [{ key: 'Archana', amount: '73.00', count: 3 }],
  sevas: [],
});

function serve() {
  const dates: (string | null)[] = [];
  server.use(
    http.get('/api/reports/daily', ({ request }) => {
      const date = new URL(request.url).searchParams.get('date');
      dates.push(date);
      return HttpResponse.json(report(date ?? ''));
    }),
  );
  return dates;
}

describe('/reports/daily', () => {
  it("opens on the temple's today for the front desk", async () => {
    signInAs(frontDesk());
    const dates = serve();
    renderApp('/reports/daily');
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily report' })).toBeInTheDocument();
    expect(await screen.findByLabelText("The day's totals")).toHaveTextContent('Total received$73.00');
    expect(dates).toEqual([todayIn('America/Los_Angeles')]);
    expect(screen.getByRole('link', { name: 'Counter' })).toHaveAttribute('href', '/counter');
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
  });

  it('goes to the previous day and keeps it in the address', async () => {
    signInAs(frontDesk());
    const dates = serve();
    const { user } = renderApp('/reports/daily?date=2026-11-25');
    expect(await screen.findByRole('heading', { name: 'Wednesday, November 25, 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(await screen.findByRole('heading', { name: 'Tuesday, November 24, 2026' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/reports/daily?date=2026-11-24');
    await waitFor(() => expect(dates).toEqual(['2026-11-25', '2026-11-24']));
    expect(within(await screen.findByRole('table', { name: 'By method' })).getByText('Cash')).toBeInTheDocument();
  });

  it('takes a treasurer back to the admin area', async () => {
    signInAs(makeStaff(['treasurer']));
    serve();
    renderApp('/reports/daily?date=2026-11-25');
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('sends signed-out visitors to sign in and back, and members home', async () => {
    serve();
    const first = renderApp('/reports/daily?date=2026-11-25');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/reports/daily%3Fdate%3D2026-11-25'));
    first.unmount();
    signInAs(makeUser());
    renderApp('/reports/daily');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('is linked from the counter for those who read it', async () => {
    signInAs(frontDesk());
    server.use(http.get('/api/donation-types', () => HttpResponse.json([])), http.get('/api/sevas', () => HttpResponse.json([])));
    renderApp('/counter');
    expect(await screen.findByRole('link', { name: 'Daily report' })).toHaveAttribute('href', '/reports/daily');
    expect(screen.getByRole('button', { name: 'Close the drawer' })).toBeInTheDocument();
  });

  it('is not linked from the counter without the permission', async () => {
    // An account allowed the counter but not the report (no role holds exactly this today).
    signInAs(makeStaff(['front_desk'], { permissions: rolePermissions.front_desk.filter((p) => p !== 'read_daily_report') }));
    server.use(http.get('/api/donation-types', () => HttpResponse.json([])), http.get('/api/sevas', () => HttpResponse.json([])));
    renderApp('/counter');
    expect(await screen.findByRole('button', { name: 'Close the drawer' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Daily report' })).not.toBeInTheDocument();
  });
});
