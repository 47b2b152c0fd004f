import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStaff, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { screen, signInAs, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';
import type { Statement } from '@/types/api';

const NO_GOODS = 'No goods or services were provided in exchange for this contribution.';
const RELIGIOUS = 'The only goods or services provided in exchange for this contribution were intangible religious benefits.';

const statement: Statement = {
  year: 2026,
  donorName: 'Lakshmi Rao',
  donorEmail: 'lakshmi@example.org',
  gifts: [
    { date: 'March 3, 2026', paidAt: '2026-03-03T18:00:00Z', receiptNumber: 'AUTO-1-1', method: 'Zelle', purposes: 'Annadanam', amount: '300.00', deductible: '300.00', acknowledgement: NO_GOODS },
    { date: 'June 9, 2026', paidAt: '2026-06-09T18:00:00Z', receiptNumber: 'AUTO-1-2', method: 'Card', purposes: 'Flowers', amount: '30.00', deductible: '30.00', acknowledgement: NO_GOODS },
  ],
  total: '330.00',
  deductibleTotal: '330.00',
  organization: 'Sri Venkateswara Temple of Folsom',
  ein: '12-3456789',
  organizationAddress: null,
  acknowledgement: NO_GOODS,
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
    expect(sheet).not.toHaveTextContent('Deductible total');
  });

  it('states each gift\'s acknowledgement when they differ, and the deductible total', async () => {
    signInAs(makeUser());
    const [gift, seva] = statement.gifts;
    const mixed: Statement = {
      ...statement,
      gifts: [gift, { ...seva, purposes: 'Seva: Archana', acknowledgement: RELIGIOUS }],
      acknowledgement: 'What was provided in exchange for each gift is stated with it.',
      deductibleTotal: '310.00',
    };
    server.use(http.get('/api/payments/mine/statements/2026', () => HttpResponse.json(mixed)));
    renderApp('/my-donations/statements/2026');
    const sheet = await screen.findByRole('article', { name: 'Giving statement' });
    const rows = within(within(sheet).getByRole('table', { name: 'Gifts in 2026' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(NO_GOODS);
    expect(rows[2]).toHaveTextContent(`Seva: Archana${RELIGIOUS}`);
    expect(rows[4]).toHaveTextContent('Deductible total$310.00');
    expect(within(sheet).getByText(mixed.acknowledgement)).toBeInTheDocument();
  });

  it('offers a retry when the statement cannot be loaded', async () => {
    signInAs(makeUser());
    server.use(http.get('/api/payments/mine/statements/2026', () => new HttpResponse(null, { status: 500 })));
    renderApp('/my-donations/statements/2026');
    expect(await screen.findByText('Your statement could not be loaded. Please try again.')).toBeInTheDocument();
  });
});

describe('/counter/walk-ins/:id/statements/:year', () => {
  it("prints a walk-in's statement at the counter, without an e-mail, and says when the walk-in is unknown", async () => {
    signInAs(makeStaff(['front_desk']));
    const walkIn: Statement = { ...statement, donorName: 'Gopal Iyer', donorEmail: '' };
    server.use(
      http.get('/api/counter/walk-ins/donor-gopal/statements/2026', () => HttpResponse.json(walkIn)),
      http.get('/api/counter/walk-ins/nobody/statements/2026', () => HttpResponse.json({ message: 'Walk-in not found' }, { status: 404 })),
    );
    const first = renderApp('/counter/walk-ins/donor-gopal/statements/2026');
    const sheet = await screen.findByRole('article', { name: 'Giving statement' });
    expect(within(sheet).getByText('Gopal Iyer')).toBeInTheDocument();
    expect(within(sheet).getByRole('table', { name: 'Gifts in 2026' })).toHaveTextContent('Total for 2026$330.00');
    first.unmount();

    renderApp('/counter/walk-ins/nobody/statements/2026');
    expect(await screen.findByText('This walk-in was not found.')).toBeInTheDocument();
  });
});
