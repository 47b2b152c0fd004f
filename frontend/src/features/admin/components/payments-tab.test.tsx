import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '@/testing/data';
import { makePayment } from '@/testing/data-part2';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { adminPaymentsKey } from '../api/admin-payments';
import { PaymentsTab } from './payments-tab';

const diwali = makeEvent({ id: 'ev-1', name: 'Diwali' });

describe('adminPaymentsKey', () => {
  it('builds the filter query', () => {
    expect(adminPaymentsKey({ status: '', method: '', eventId: '', from: '', to: '' })).toBe('/api/admin/payments');
    const key = adminPaymentsKey({ status: 'pending', method: 'zelle', eventId: 'ev-1', from: '2025-01-01', to: '2025-01-31' });
    const q = new URL(key, 'http://x').searchParams;
    expect(q.get('status')).toBe('pending');
    expect(q.get('method')).toBe('zelle');
    expect(q.get('eventId')).toBe('ev-1');
    expect(new Date(q.get('from')!).getTime()).toBe(new Date('2025-01-01T00:00:00').getTime());
    expect(new Date(q.get('to')!).getTime()).toBe(new Date('2025-01-31T23:59:59.999').getTime());
  });
});

describe('PaymentsTab', () => {
  it('lists payments with totals, filters them and marks a Zelle payment received', async () => {
    const queries: string[] = [];
    let pending = makePayment({ id: 'p-1', amount: '51.00', status: 'pending', paymentMethod: 'zelle', receiptNumber: 'AUTO-1-1' });
    const card = makePayment({ id: 'p-2', amount: '25.00', status: 'completed', paymentMethod: 'credit_card', provider: 'sandbox', eventName: 'Diwali', eventId: 'ev-1' });
    let statusBody: unknown;
    server.use(
      http.get('/api/events', () => HttpResponse.json([diwali])),
      http.get('/api/admin/payments', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json([pending, card]);
      }),
      http.get('/api/admin/payments/totals', () =>
        HttpResponse.json({
          byDonationType: [{ name: 'Annadanam', amount: '76.00', count: 2 }],
          byEvent: [{ eventId: null, eventName: null, amount: '51.00', count: 1 }],
        }),
      ),
      http.post('/api/admin/payments/p-1/status', async ({ request }) => {
        statusBody = await request.json();
        pending = { ...pending, status: 'completed' };
        return HttpResponse.json(pending);
      }),
    );
    const { user } = renderWithProviders(<PaymentsTab />);
    const table = await screen.findByRole('table', { name: 'Payments' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('2 payments, $25.00 completed')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Totals by donation type' })).toHaveTextContent('Annadanam');
    expect(screen.getByRole('table', { name: 'Totals by event' })).toHaveTextContent('Direct donations');
    // only the pending Zelle payment has the actions
    expect(within(table).getAllByRole('button', { name: 'Mark received' })).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await user.click(screen.getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: /Diwali/ }));
    await waitFor(() => expect(queries.at(-1)).toBe('?status=pending&eventId=ev-1'));

    await user.click(within(await screen.findByRole('table', { name: 'Payments' })).getByRole('button', { name: 'Mark received' }));
    expect(await screen.findByText('Payment marked as received')).toBeInTheDocument();
    expect(statusBody).toEqual({ status: 'completed' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark received' })).not.toBeInTheDocument());
  });

  it('marks a payment failed', async () => {
    let body: unknown;
    server.use(
      http.get('/api/events', () => HttpResponse.json([])),
      http.get('/api/admin/payments', () => HttpResponse.json([makePayment({ id: 'p-9' })])),
      http.get('/api/admin/payments/totals', () => HttpResponse.json({ byDonationType: [], byEvent: [] })),
      http.post('/api/admin/payments/p-9/status', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makePayment({ id: 'p-9', status: 'failed' }));
      }),
    );
    const { user } = renderWithProviders(<PaymentsTab />);
    await user.click(await screen.findByRole('button', { name: 'Mark failed' }));
    expect(await screen.findByText('Payment marked as failed')).toBeInTheDocument();
    expect(body).toEqual({ status: 'failed' });
  });

  it('shows the empty state', async () => {
    server.use(
      http.get('/api/events', () => HttpResponse.json([])),
      http.get('/api/admin/payments', () => HttpResponse.json([])),
      http.get('/api/admin/payments/totals', () => HttpResponse.json({ byDonationType: [], byEvent: [] })),
    );
    renderWithProviders(<PaymentsTab />);
    expect(await screen.findByText('No payments yet.', { selector: 'p.MuiTypography-body1' })).toBeInTheDocument();
  });
});
