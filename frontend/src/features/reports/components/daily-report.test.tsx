import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, within } from '@/testing/test-utils';
import type { DailyReport } from '../lib/report';
import { DailyReportView } from './daily-report';

const busy: DailyReport = {
  date: '2026-11-25',
  total: '1234.56',
  payments: 5,
  refunded: '10.00',
  byMethod: [
    { key: 'credit_card', amount: '1001.00', count: 2 },
    { key: 'cash', amount: '182.56', count: 2 },
    { key: 'check', amount: '51.00', count: 1 },
  ],
  byChannel: [
    { key: 'online', amount: '1001.00', count: 2 },
    { key: 'counter', amount: '233.56', count: 3 },
  ],
  byFund: [
    { key: 'Temple Building Fund', amount: '1001.00', count: 2 },
    { key: 'Sevas', amount: '233.56', count: 3 },
  ],
  sevas: [{ sevaName: 'Archana', booked: 3, unpaid: 1, amount: '22.00' }],
};

function serve(answer: () => Response) {
  const dates: (string | null)[] = [];
  server.use(
    http.get('/api/reports/daily', ({ request }) => {
      dates.push(new URL(request.url).searchParams.get('date'));
      return answer();
    }),
  );
  return dates;
}

const rowsOf = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').map((r) => r.textContent);

describe('the daily report', () => {
  it("shows the day's totals and its tables by method, channel, fund and seva, and prints", async () => {
    const dates = serve(() => HttpResponse.json(busy));
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<DailyReportView date="2026-11-25" today="2026-11-26" onDateChange={() => undefined} />);
    expect(screen.getByRole('progressbar', { name: 'Loading the report' })).toBeInTheDocument();
    const totals = await screen.findByLabelText("The day's totals");
    expect(totals).toHaveTextContent('Total received$1,234.56');
    expect(totals).toHaveTextContent('Payments5');
    expect(totals).toHaveTextContent('Refunded$10.00');
    expect(screen.getByRole('heading', { name: 'Wednesday, November 25, 2026' })).toBeInTheDocument();
    expect(dates).toEqual(['2026-11-25']);

    expect(rowsOf('By method')).toEqual(['MethodPaymentsAmount', 'Card2$1,001.00', 'Cash2$182.56', 'Check1$51.00', 'Total$1,234.56']);
    expect(rowsOf('By channel')).toEqual(['ChannelPaymentsAmount', 'Online2$1,001.00', 'Counter3$233.56', 'Total$1,234.56']);
    expect(rowsOf('By fund')).toEqual(['FundPaymentsAmount', 'Temple Building Fund2$1,001.00', 'Sevas3$233.56', 'Total$1,234.56']);
    expect(rowsOf('Sevas booked')).toEqual(['SevaBookedUnpaidAmount', 'Archana31$22.00']);

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('says when nothing happened on the day', async () => {
    serve(() => HttpResponse.json({ ...busy, total: '0.00', payments: 0, refunded: '0.00', byMethod: [], byChannel: [], byFund: [], sevas: [] }));
    renderWithProviders(<DailyReportView date="2026-11-25" today="2026-11-25" onDateChange={() => undefined} />);
    expect(await screen.findByText('Nothing was received and no sevas were booked on this day.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a day with sevas booked but no payments, with an empty table said so', async () => {
    serve(() => HttpResponse.json({ ...busy, total: '0.00', payments: 0, refunded: '0.00', byMethod: [], byChannel: [], byFund: [] }));
    renderWithProviders(<DailyReportView date="2026-11-25" today="2026-11-25" onDateChange={() => undefined} />);
    expect(await screen.findByRole('table', { name: 'Sevas booked' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'By method' })).getByText('None')).toBeInTheDocument();
  });

  it('moves a day back and forth, never past today', async () => {
    serve(() => HttpResponse.json(busy));
    const onDateChange = vi.fn();
    const { user, rerender } = renderWithProviders(<DailyReportView date="2026-11-25" today="2026-11-26" onDateChange={onDateChange} />);
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(onDateChange.mock.calls).toEqual([['2026-11-24'], ['2026-11-26'], ['2026-11-26']]);
    rerender(<DailyReportView date="2026-11-26" today="2026-11-26" onDateChange={onDateChange} />);
    expect(await screen.findByRole('button', { name: 'Next day' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Today' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal and loads again on Retry", async () => {
    let calls = 0;
    serve(() => (++calls === 1 ? HttpResponse.json({ message: 'Enter the date as YYYY-MM-DD' }, { status: 400 }) : HttpResponse.json(busy)));
    const { user } = renderWithProviders(<DailyReportView date="2026-11-25" today="2026-11-26" onDateChange={() => undefined} />);
    expect(await screen.findByText('Enter the date as YYYY-MM-DD')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText("The day's totals")).toBeInTheDocument();
  });
});
