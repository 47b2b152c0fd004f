import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';
import type { Receipt } from '@/types/api';

const receipt: Receipt = {
  receiptNumber: 'AUTO-1-7',
  date: 'November 21, 2026',
  paidAt: '2026-11-21T18:00:00Z',
  amount: '300.00',
  method: 'Card',
  eventName: null,
  lines: [{ label: 'Annadanam', amount: '300.00', kind: 'donation', value: null }],
  donorName: 'Meera Iyer',
  donorEmail: 'meera@example.org',
  donorAddress: '1 Temple Rd\nFolsom, CA 95630',
  inHonorOf: 'In memory of my father',
  organization: 'Sri Venkateswara Temple of Folsom',
  ein: '12-3456789',
  organizationAddress: '100 Temple Way\nFolsom, CA',
  acknowledgement: 'No goods or services were provided in exchange for this contribution.',
  deductible: '300.00',
  test: false,
};

describe('/receipts/:receiptNumber', () => {
  it('downloads the receipt as the temple’s PDF letter with the same signed link, and retries a failure', async () => {
    const asked: string[] = [];
    let fail = true;
    server.use(
      http.get('/api/receipts/:number', () => HttpResponse.json(receipt)),
      http.get('/api/receipts/:number/pdf', ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.pathname}${url.search}`);
        if (fail) return HttpResponse.json({ message: 'Something went wrong' }, { status: 500 });
        return new HttpResponse('%PDF-1.7', {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="receipt-AUTO-1-7.pdf"' },
        });
      }),
    );
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:receipt'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderApp('/receipts/AUTO-1-7?sig=abc123');
    await screen.findByRole('article', { name: 'Donation receipt' });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The PDF of the receipt could not be downloaded. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(saved).toEqual(['receipt-AUTO-1-7.pdf']));
    expect(asked).toEqual(['/api/receipts/AUTO-1-7/pdf?sig=abc123', '/api/receipts/AUTO-1-7/pdf?sig=abc123']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    click.mockRestore();
  });

  it('opens with the signed link and prints through the browser', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('/api/receipts/:number', ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json(receipt);
      }),
    );
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderApp('/receipts/AUTO-1-7?sig=abc123');
    const sheet = await screen.findByRole('article', { name: 'Donation receipt' });
    expect(asked?.pathname).toBe('/api/receipts/AUTO-1-7');
    expect(asked?.searchParams.get('sig')).toBe('abc123');
    expect(within(sheet).getByRole('heading', { name: 'Sri Venkateswara Temple of Folsom' })).toBeInTheDocument();
    for (const text of ['EIN 12-3456789', 'AUTO-1-7', 'November 21, 2026', '$300.00', 'Card', 'Annadanam: $300.00', 'Meera Iyer', 'Folsom, CA 95630', 'In memory of my father']) {
      expect(sheet).toHaveTextContent(text);
    }
    expect(within(sheet).getByText('No goods or services were provided in exchange for this contribution.')).toBeInTheDocument();
    expect(sheet).not.toHaveTextContent('TEST');
    expect(sheet).not.toHaveTextContent('Deductible amount');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('states the value of goods received and the deductible part', async () => {
    const dinner = 'Goods or services with an estimated fair market value of $40.00 were provided in exchange for this contribution; the deductible part is $60.00.';
    server.use(
      http.get('/api/receipts/:number', () =>
        HttpResponse.json({
          ...receipt,
          amount: '100.00',
          lines: [{ label: 'Deepavali dinner', amount: '100.00', kind: 'goods', value: '40.00' }],
          acknowledgement: dinner,
          deductible: '60.00',
        }),
      ),
    );
    renderApp('/receipts/AUTO-1-7?sig=abc123');
    const sheet = await screen.findByRole('article', { name: 'Donation receipt' });
    expect(sheet).toHaveTextContent('Deepavali dinner: $100.00 (fair market value $40.00)');
    expect(within(sheet).getByText(dinner)).toBeInTheDocument();
    expect(sheet).toHaveTextContent('Deductible amount: $60.00');
  });

  it('marks a test gift "TEST — not a receipt" on the sheet that prints', async () => {
    server.use(http.get('/api/receipts/:number', () => HttpResponse.json({ ...receipt, test: true })));
    renderApp('/receipts/AUTO-1-7?sig=abc123');
    const sheet = await screen.findByRole('article', { name: 'Donation receipt' });
    expect(sheet).toHaveTextContent(/^TEST — not a receipt\. This gift was made on a test site: no money moved/);
  });

  it('answers Receipt not found, with a way to sign in, when the server does not show it', async () => {
    server.use(http.get('/api/receipts/:number', () => HttpResponse.json({ message: 'Receipt not found' }, { status: 404 })));
    renderApp('/receipts/AUTO-9-9');
    expect(await screen.findByText('Receipt not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in?redirect=/receipts/AUTO-9-9');
  });

  it('opens for the signed-in donor without a signature', async () => {
    signInAs(makeUser());
    let sig: string | null = 'unset';
    server.use(
      http.get('/api/receipts/:number', ({ request }) => {
        sig = new URL(request.url).searchParams.get('sig');
        return HttpResponse.json(receipt);
      }),
    );
    renderApp('/receipts/AUTO-1-7');
    expect(await screen.findByRole('article', { name: 'Donation receipt' })).toBeInTheDocument();
    expect(sig).toBeNull();
  });
});
