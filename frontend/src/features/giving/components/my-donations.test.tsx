import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makePayment } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, within } from '@/testing/test-utils';
import { MyDonations } from './my-donations';

describe('MyDonations', () => {
  it('lists each gift with its status and receipt link, and the totals per year', async () => {
    server.use(
      http.get('/api/payments/mine', () =>
        HttpResponse.json([
          makePayment({ id: 'a', amount: '101.00', status: 'completed', receiptNumber: 'AUTO-1-7', eventName: 'Diwali' }),
          makePayment({ id: 'b', amount: '12.00', status: 'expired', paymentMethod: 'credit_card', provider: 'stripe', receiptNumber: 'AUTO-2-8' }),
        ]),
      ),
      http.get('/api/payments/mine/years', () =>
        HttpResponse.json([{ year: 2025, amount: '101.00', count: 1, testAmount: '0.00', testCount: 0 }]),
      ),
    );
    renderWithProviders(<MyDonations />);
    const table = await screen.findByRole('table', { name: 'My donations' });
    const first = within(table).getByText('AUTO-1-7').closest('tr')!;
    expect(within(first).getByRole('link', { name: 'AUTO-1-7' })).toHaveAttribute('href', '/receipts/AUTO-1-7');
    expect(first).toHaveTextContent('Completed');
    expect(first).toHaveTextContent('Diwali');
    expect(within(table).getByText('AUTO-2-8').closest('tr')!).toHaveTextContent('Expired');
    expect(within(table).queryByRole('link', { name: 'AUTO-2-8' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('year-2025')).toHaveTextContent('$101.00');
    expect(screen.getByTestId('year-2025')).toHaveTextContent('1 gift');
    expect(within(screen.getByTestId('year-2025')).getByRole('link', { name: 'Statement 2025' })).toHaveAttribute(
      'href',
      '/my-donations/statements/2025',
    );
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('invites a member without gifts to donate', async () => {
    server.use(
      http.get('/api/payments/mine', () => HttpResponse.json([])),
      http.get('/api/payments/mine/years', () => HttpResponse.json([])),
    );
    renderWithProviders(<MyDonations />);
    expect(await screen.findByText('You have not made any donations yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Donate' })).toHaveAttribute('href', '/donate');
  });
});
