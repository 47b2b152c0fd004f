import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, userEvent, within } from '@/testing/test-utils';
import type { ActivityReport, GivingReport } from '../api/reports';
import { ReportsPage } from './reports-page';

const giving: GivingReport = {
  from: '2026-01-01',
  to: '2026-02-28',
  total: '551.00',
  gifts: 2,
  months: [
    { month: '2026-01', amount: '0.00', gifts: 0, lastYear: '70.00' },
    { month: '2026-02', amount: '551.00', gifts: 2, lastYear: '0.00' },
  ],
  byFund: [
    { key: 'f1', label: 'Gopuram', amount: '500.00', gifts: 1 },
    { key: 'general', label: 'General', amount: '51.00', gifts: 2 },
  ],
  byChannel: [{ key: 'counter', label: 'Counter', amount: '551.00', gifts: 2 }],
  byMethod: [{ key: 'cash', label: 'Cash', amount: '551.00', gifts: 2 }],
  donors: {
    new: [{ name: 'Asha Rao', email: 'asha@example.org', amount: '511.00', yearBefore: '0.00' }],
    returning: [],
    lapsed: [{ name: 'Ravi Kumar', email: null, amount: '0.00', yearBefore: '70.00' }],
  },
};

const activity: ActivityReport = {
  from: '2026-01-01',
  to: '2026-02-28',
  sevasBySeva: [],
  sevasByWeekday: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((label) => ({ label, bookings: 0, amount: '0.00' })),
  attendance: [
    { month: '2026-01', count: 1, total: 3 },
    { month: '2026-02', count: 0, total: 0 },
  ],
  membership: [
    { month: '2026-01', count: 2, total: 10 },
    { month: '2026-02', count: 1, total: 11 },
  ],
};

describe('the reports page', () => {
  it('shows each report with its table, the donors and the empty ones', async () => {
    server.use(
      http.get('/api/admin/reports/giving', () => HttpResponse.json(giving)),
      http.get('/api/admin/reports/activity', () => HttpResponse.json(activity)),
    );
    renderWithProviders(<ReportsPage />, { as: makeStaff(['treasurer']) });
    expect(await screen.findByText('$551.00 from 2 gifts')).toBeInTheDocument();
    const funds = screen.getByRole('region', { name: 'Giving by fund' });
    await userEvent.click(within(funds).getByRole('button', { name: 'Show as table' }));
    const table = within(funds).getByRole('table', { name: 'Giving by fund' });
    expect(within(table).getByRole('rowheader', { name: 'Gopuram' }).closest('tr')).toHaveTextContent('Gopuram$500.001');
    expect(screen.getByRole('table', { name: 'New donors' })).toHaveTextContent('Asha Rao (asha@example.org)$511.00$0.00');
    expect(screen.getByRole('table', { name: 'Lapsed donors' })).toHaveTextContent('Ravi Kumar$0.00$70.00');
    expect(await screen.findAllByText('No seva bookings in this period')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Membership' })).toBeInTheDocument();
  });

  it('offers a retry when a report cannot be loaded', async () => {
    server.use(
      http.get('/api/admin/reports/giving', () => HttpResponse.json({ message: 'Treasurer access required' }, { status: 403 })),
      http.get('/api/admin/reports/activity', () => HttpResponse.json(activity)),
    );
    renderWithProviders(<ReportsPage />, { as: makeStaff(['treasurer']) });
    expect(await screen.findByText('Treasurer access required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});
