import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderApp, screen, signInAs, within } from '@/testing/test-utils';
import type { Statement } from '@/types/api';

const statement: Statement = {
  year: 2026,
  donorName: 'Lakshmi Rao',
  donorEmail: 'lakshmi@example.org',
  gifts: [
    { date: 'March 3, 2026', paidAt: '2026-03-03T18:00:00Z', receiptNumber: 'AUTO-1-1', method: 'Zelle', purposes: 'Annadanam', amount: '300.00' },
    { date: 'June 9, 2026', paidAt: '2026-06-09T18:00:00Z', receiptNumber: 'AUTO-1-2', method: 'Card', purposes: 'Flowers', amount: '30.00' },
  ],
  total: '330.00',
  organization: 'Sri Venkateswara Temple of Folsom',
  ein: '12-3456789',
  organizationAddress: null,
  acknowledgement: 'No goods or services were provided in exchange for this contribution.',
  test: false,
};

describe('/my-donations/statements/:year', () => {
  it("shows the member's statement for the year with the total and the acknowledgement", async () => {
    signInAs(makeUser());
    server.use(http.get('/api/payments/mine/statements/2026', () => HttpResponse.json(statement)));
    renderApp('/my-donations/statements/2026');
    const sheet = await screen.findByRole('article', { name: 'Giving statement' });
    const gifts = within(sheet).getByRole('table', { name: 'Gifts in 2026' });
    expect(within(gifts).getAllByRole('row')).toHaveLength(4);
    expect(gifts).toHaveTextContent('Total for 2026$330.00');
    expect(sheet).toHaveTextContent('EIN 12-3456789');
    expect(within(sheet).getByText(statement.acknowledgement)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('offers a retry when the statement cannot be loaded', async () => {
    signInAs(makeUser());
    server.use(http.get('/api/payments/mine/statements/2026', () => new HttpResponse(null, { status: 500 })));
    renderApp('/my-donations/statements/2026');
    expect(await screen.findByText('Your statement could not be loaded. Please try again.')).toBeInTheDocument();
  });
});
