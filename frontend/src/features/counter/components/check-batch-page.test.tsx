import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDonationType, makePayment, makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, within } from '@/testing/test-utils';
import type { CheckBatch, CheckBatchRequest, CounterPerson } from '@/types/api';
import { CheckBatchPage } from './check-batch-page';

const annadanam = makeDonationType({ id: '11111111-1111-4111-8111-111111111111', name: 'Annadanam' });
const lakshmi: CounterPerson = {
  kind: 'member',
  walkIn: null,
  member: { id: 'u-lakshmi', firstName: 'Lakshmi', lastName: 'Rao', email: 'lakshmi@example.org', phoneNumber: null, emailVerified: true, isAdmin: false, roles: [], createdAt: '2026-01-01T00:00:00Z' },
};

function recorded(request: CheckBatchRequest): CheckBatch {
  return {
    total: '152.00',
    sales: request.checks.map((c, i) => ({
      id: `sale-${i}`,
      donorId: null,
      payment: makePayment({ id: `p${i}`, amount: String(c.check.amount), status: 'completed', channel: 'mail', paymentMethod: 'check', receiptNumber: `AUTO-1-${i}`, donorName: i === 0 ? 'Gopal Iyer' : 'Lakshmi Rao' }),
      tenders: [],
      registrations: [],
      change: '0.00',
      staffName: 'Treasurer',
      createdAt: '2026-11-25T18:00:00Z',
      voided: null,
      deposit: null,
      receiptLink: null,
      receiptQr: null,
    })),
  };
}

/** Serves the search and the batch; `answer` answers each POST (the key and body are recorded). */
function serve(answer: (body: CheckBatchRequest) => Response) {
  const sent: { key: string | null; body: CheckBatchRequest }[] = [];
  server.use(
    http.get('/api/counter/people', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      return HttpResponse.json('lakshmi rao'.includes(q) ? [lakshmi] : []);
    }),
    http.post('/api/check-batches', async ({ request }) => {
      const body = (await request.json()) as CheckBatchRequest;
      sent.push({ key: request.headers.get('Idempotency-Key'), body });
      return answer(body);
    }),
  );
  return sent;
}

function page() {
  return renderWithProviders(<CheckBatchPage funds={[annadanam]} today="2026-11-20" />, { as: makeStaff(['treasurer']) });
}

describe('CheckBatchPage', () => {
  it("records a week's mailed checks, for a new name and a member found, with one key however often it is sent", async () => {
    let online = false;
    const sent = serve((body) => (online ? HttpResponse.json(recorded(body), { status: 201 }) : HttpResponse.error()));
    const { user } = page();
    await user.type(await screen.findByRole('combobox', { name: 'Check 1: from' }), 'Gopal Iyer');
    await user.type(screen.getByRole('textbox', { name: 'Check 1: amount ($)' }), '51');
    await user.type(screen.getByRole('textbox', { name: 'Check 1: number' }), '1042');
    await user.type(screen.getByRole('textbox', { name: 'Check 1: bank' }), 'Golden 1');
    await user.click(screen.getByRole('button', { name: 'Add check' }));
    await user.type(screen.getByRole('combobox', { name: 'Check 2: from' }), 'laks');
    await user.click(await screen.findByRole('option', { name: 'Lakshmi Rao · lakshmi@example.org' }));
    await user.click(screen.getByRole('combobox', { name: 'Check 2: for' }));
    await user.click(await screen.findByRole('option', { name: 'Annadanam' }));
    await user.type(screen.getByRole('textbox', { name: 'Check 2: amount ($)' }), '101');
    await user.type(screen.getByRole('textbox', { name: 'Check 2: number' }), '2417');
    await user.type(screen.getByRole('textbox', { name: 'Check 2: bank' }), 'Chase');
    expect(screen.getByRole('status')).toHaveTextContent('2 checks · $152.00');

    await user.click(screen.getByRole('button', { name: 'Record 2 checks · $152.00' }));
    expect(await screen.findByText(/The network dropped before the server answered/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Check 2: bank' })).toBeDisabled();
    online = true;
    await user.click(screen.getByRole('button', { name: 'Send again' }));

    expect(await screen.findByText(/2 checks recorded · \$152.00/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Checks recorded' })).getAllByRole('listitem')).toHaveLength(2);
    expect(sent).toHaveLength(2);
    expect(sent[1].key).toBe(sent[0].key);
    expect(sent[1].body).toEqual({
      channel: 'mail',
      checks: [
        {
          donor: { name: 'Gopal Iyer' },
          lines: [{ donationTypeId: 'custom', amount: '51', name: 'General donation' }],
          check: { amount: '51', checkNumber: '1042', bank: 'Golden 1', checkDate: '2026-11-20' },
        },
        {
          donor: { userId: 'u-lakshmi' },
          lines: [{ donationTypeId: annadanam.id, amount: '101', name: 'Annadanam' }],
          check: { amount: '101', checkNumber: '2417', bank: 'Chase', checkDate: '2026-11-20' },
        },
      ],
    });
    expect(window.localStorage.getItem('mandir.checks.draft')).toBeNull();
  });

  it("says what is missing before sending, and puts the server's refusal under its check", async () => {
    serve(() => HttpResponse.json({ message: 'Validation failed', errors: { 'checks[0].tenders': "Enter the check's date as YYYY-MM-DD" } }, { status: 400 }));
    const { user } = page();
    await user.type(await screen.findByRole('combobox', { name: 'Check 1: from' }), 'Gopal Iyer');
    await user.click(screen.getByRole('button', { name: /^Record 1 check/ }));
    expect(screen.getByText('Check 1 needs an amount, a check number (digits), a bank')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Check 1: amount ($)' }), '51');
    await user.type(screen.getByRole('textbox', { name: 'Check 1: number' }), '1042');
    await user.type(screen.getByRole('textbox', { name: 'Check 1: bank' }), 'Golden 1');
    await user.click(screen.getByRole('button', { name: 'Record 1 check · $51.00' }));
    const check = screen.getByRole('listitem', { name: 'Check 1' });
    expect(await within(check).findByText("Enter the check's date as YYYY-MM-DD")).toBeInTheDocument();
  });
});
