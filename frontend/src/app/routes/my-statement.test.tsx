import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStaff, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';
import type { Statement } from '@/types/api';

const NO_GOODS = 'No goods or services were provided in exchange for this contribution.';
const RELIGIOUS = 'The only goods or services provided in exchange for this contribution were intangible religious benefits.';

const statement: Statement = {
  year: 2026,
  donorName: 'Lakshmi Rao',
  donorEmail: 'lakshmi@example.org',
  donorAddress: '12 Temple Rd\nFolsom, CA 95630',
  gifts: [
    { date: 'March 3, 2026', paidAt: '2026-03-03T18:00:00Z', receiptNumber: 'AUTO-1-1', method: 'Zelle', purposes: 'Annadanam', funds: 'General', amount: '300.00', deductible: '300.00', acknowledgement: NO_GOODS },
    { date: 'June 9, 2026', paidAt: '2026-06-09T18:00:00Z', receiptNumber: 'AUTO-1-2', method: 'Card', purposes: 'Flowers', funds: 'Temple Building', amount: '30.00', deductible: '30.00', acknowledgement: NO_GOODS },
  ],
  total: '330.00',
  deductibleTotal: '330.00',
  organization: 'Sri Venkateswara Temple of Folsom',
  ein: '12-3456789',
  organizationAddress: null,
  acknowledgement: NO_GOODS,
  test: false,
};

/** Stubs the browser's saving of a download: the names of the files saved, in order. */
function stubSaving() {
  const saved: string[] = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:statement'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

const pdfHeaders = { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="giving-statement-2026.pdf"' };

describe('/my-donations/statements/:year', () => {
  afterEach(() => vi.restoreAllMocks());

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

  it('downloads the statement as a PDF with the bearer token, showing it is preparing meanwhile', async () => {
    signInAs(makeUser());
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const requests: { path: string; auth: string | null }[] = [];
    server.use(
      http.get('/api/payments/mine/statements/2026', () => HttpResponse.json(statement)),
      http.get('/api/payments/mine/statements/2026/pdf', async ({ request }) => {
        requests.push({ path: new URL(request.url).pathname, auth: request.headers.get('authorization') });
        await answered;
        return new HttpResponse('%PDF-1.7', { headers: pdfHeaders });
      }),
    );
    const saved = stubSaving();
    const { user } = renderApp('/my-donations/statements/2026');
    await screen.findByRole('article', { name: 'Giving statement' });
    const button = screen.getByRole('button', { name: 'Download PDF' });
    // From the keyboard: Enter on the focused button starts the download.
    button.focus();
    await user.keyboard('{Enter}');
    const preparing = await screen.findByRole('button', { name: 'Preparing…' });
    expect(preparing).toBeDisabled();
    release();
    await waitFor(() => expect(saved).toEqual(['giving-statement-2026.pdf']));
    expect(requests).toEqual([{ path: '/api/payments/mine/statements/2026/pdf', auth: 'Bearer test-token' }]);
    expect(URL.createObjectURL).toHaveBeenCalled();
    const again = await screen.findByRole('button', { name: 'Download PDF' });
    expect(again).toBeEnabled();
    await waitFor(() => expect(again).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the PDF could not be downloaded, and Retry downloads it', async () => {
    signInAs(makeUser());
    let fail = true;
    server.use(
      http.get('/api/payments/mine/statements/2026', () => HttpResponse.json(statement)),
      http.get('/api/payments/mine/statements/2026/pdf', () =>
        fail ? HttpResponse.json({ message: 'Something went wrong' }, { status: 500 }) : new HttpResponse('%PDF-1.7', { headers: pdfHeaders }),
      ),
    );
    const saved = stubSaving();
    const { user } = renderApp('/my-donations/statements/2026');
    await screen.findByRole('article', { name: 'Giving statement' });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The PDF of your statement could not be downloaded. Please try again.');
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(saved).toEqual(['giving-statement-2026.pdf']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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
    // The PDF is the member's own: the counter prints the walk-in's.
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
    expect(within(sheet).getByRole('table', { name: 'Gifts in 2026' })).toHaveTextContent('Total for 2026$330.00');
    first.unmount();

    renderApp('/counter/walk-ins/nobody/statements/2026');
    expect(await screen.findByText('This walk-in was not found.')).toBeInTheDocument();
  });
});
