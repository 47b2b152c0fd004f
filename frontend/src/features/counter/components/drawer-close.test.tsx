import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { Drawer, DrawerClose } from '../api/drawer';
import type { DrawerCloseRequest } from '../lib/drawer';
import { DrawerCloseButton } from './drawer-close';

const PENDING = 'mandir.counter.drawer-close';

const earlier: DrawerClose = {
  id: 'close-0',
  day: '2026-11-24',
  expected: '40.00',
  counted: '40.00',
  difference: '0.00',
  note: null,
  sales: 3,
  closedByName: 'Desk Volunteer',
  closedAt: '2026-11-25T01:30:00Z',
  deposit: null,
};

const drawer = (expected: string, sales: number): Drawer => ({ expected, sales, lastClose: earlier });

function closed(request: DrawerCloseRequest): DrawerClose {
  const counted = Number(request.counted);
  const expected = Number(request.expected);
  return {
    ...earlier,
    id: 'close-1',
    day: '2026-11-25',
    expected: expected.toFixed(2),
    counted: counted.toFixed(2),
    difference: (counted - expected).toFixed(2),
    note: request.note ?? null,
    sales: 2,
    closedByName: 'Gopal Iyer',
    closedAt: '2026-11-25T18:00:00Z',
  };
}

/** The drawer answers `drawers` in turn (the last one again after); closes are answered by `onClose`. */
function serve(drawers: Drawer[], onClose: (key: string | null, body: DrawerCloseRequest) => Response) {
  const recorded: DrawerClose[] = [earlier];
  let reads = 0;
  server.use(
    http.get('/api/counter/drawer', () => HttpResponse.json(drawers[Math.min(reads++, drawers.length - 1)])),
    http.get('/api/counter/drawer/closes', () => HttpResponse.json(recorded)),
    http.post('/api/counter/drawer/close', async ({ request }) => {
      const body = (await request.json()) as DrawerCloseRequest;
      const answer = onClose(request.headers.get('Idempotency-Key'), body);
      if (answer.status < 300) recorded.unshift(closed(body));
      return answer;
    }),
  );
}

async function open() {
  const view = renderWithProviders(<DrawerCloseButton />, { as: makeStaff(['front_desk']) });
  await view.user.click(await screen.findByRole('button', { name: 'Close the drawer' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Close the drawer' }) };
}

describe('closing the drawer', () => {
  afterEach(() => window.localStorage.clear());

  it('shows the expected cash, the live difference, needs a note when short, and shows the close and the last closes', async () => {
    const sent: { key: string | null; body: DrawerCloseRequest }[] = [];
    serve([drawer('62.00', 2)], (key, body) => {
      sent.push({ key, body });
      return HttpResponse.json(closed(body), { status: 201 });
    });
    const { user, dialog } = await open();
    expect(await within(dialog).findByTestId('drawer-expected')).toHaveTextContent('$62.00');
    expect(within(dialog).getByText('From 2 cash sales since the last close (Nov 24, 2026 5:30 PM, Desk Volunteer)')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Cash counted ($)' }), '60');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Difference \u2212$2.00 · Short by $2.00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm close' }));
    expect(await within(dialog).findByText('The count differs from what is expected: say why in a note')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Gave $2 too much change');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm close' }));
    const summary = await within(dialog).findByLabelText('The close');
    expect(sent).toEqual([{ key: expect.stringMatching(/^drawer-[0-9a-f-]{36}$/) as string, body: { expected: '62.00', counted: '60', note: 'Gave $2 too much change' } }]);
    expect(summary).toHaveTextContent('Expected$62.00 (2 sales)');
    expect(summary).toHaveTextContent('Counted$60.00');
    expect(summary).toHaveTextContent('Difference\u2212$2.00');
    expect(summary).toHaveTextContent('NoteGave $2 too much change');
    expect(summary).toHaveTextContent('Closed byGopal Iyer');
    expect(summary).toHaveTextContent('WhenNov 25, 2026 10:00 AM');
    expect(within(dialog).getByText(/The drawer is closed\. The count is short by \$2\.00\./)).toBeInTheDocument();
    const rows = within(await within(dialog).findByRole('list', { name: 'Last closes' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Nov 25, 2026 10:00 AM · Gopal IyerExpected $62.00 · counted $60.00 · difference \u2212$2.00Gave $2 too much change',
      'Nov 24, 2026 5:30 PM · Desk VolunteerExpected $40.00 · counted $40.00 · difference $0.00',
    ]);
    expect(window.localStorage.getItem(PENDING)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the count when the network is down and sends it again with the same key', async () => {
    const keys: (string | null)[] = [];
    serve([drawer('62.00', 2)], (key, body) => {
      keys.push(key);
      return keys.length === 1 ? HttpResponse.error() : HttpResponse.json(closed(body), { status: 200 });
    });
    const { user, dialog } = await open();
    await user.type(await within(dialog).findByRole('textbox', { name: 'Cash counted ($)' }), '62');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Difference $0.00 · Matches the expected cash');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm close' }));

    expect(await within(dialog).findByText('Not closed: the network is down. Your count is kept; try again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Cash counted ($)' })).toBeDisabled();
    expect(JSON.parse(window.localStorage.getItem(PENDING) ?? 'null')).toEqual({ key: keys[0], request: { expected: '62.00', counted: '62', note: null } });
    expect(screen.getByText('A close is not confirmed yet')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await within(dialog).findByText(/The drawer is closed\. The count matches\./)).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(window.localStorage.getItem(PENDING)).toBeNull();
    expect(screen.queryByText('A close is not confirmed yet')).not.toBeInTheDocument();
  });

  it('offers a close kept from before to be sent again', async () => {
    window.localStorage.setItem(PENDING, JSON.stringify({ key: 'drawer-kept-0001', request: { expected: '62.00', counted: '61', note: 'Short a dollar' } }));
    const keys: (string | null)[] = [];
    serve([drawer('62.00', 2)], (key, body) => {
      keys.push(key);
      return HttpResponse.json(closed(body), { status: 200 });
    });
    const { user, dialog } = await open();
    expect(screen.getByText('A close is not confirmed yet')).toBeInTheDocument();
    expect(within(dialog).getByText(/This close was sent but not yet confirmed/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Cash counted ($)' })).toHaveValue('61');
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await within(dialog).findByText(/short by \$1\.00/)).toBeInTheDocument();
    expect(keys).toEqual(['drawer-kept-0001']);
  });

  it('reads the drawer again and asks for a new count when sales came in meanwhile', async () => {
    const sent: { key: string | null; body: DrawerCloseRequest }[] = [];
    serve([drawer('62.00', 2), drawer('73.00', 3)], (key, body) => {
      sent.push({ key, body });
      return sent.length === 1
        ? HttpResponse.json({ message: 'Sales came in or were voided since the drawer was read: count again against the new expected cash' }, { status: 409 })
        : HttpResponse.json(closed(body), { status: 201 });
    });
    const { user, dialog } = await open();
    await user.type(await within(dialog).findByRole('textbox', { name: 'Cash counted ($)' }), '62');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm close' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Sales came in or were voided since the drawer was read: count again');
    await waitFor(() => expect(within(dialog).getByTestId('drawer-expected')).toHaveTextContent('$73.00'));
    expect(within(dialog).getByRole('textbox', { name: 'Cash counted ($)' })).toHaveValue('');
    expect(window.localStorage.getItem(PENDING)).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: 'Cash counted ($)' }), '73');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm close' }));
    expect(await within(dialog).findByText(/The drawer is closed/)).toBeInTheDocument();
    expect(sent[1]?.body).toEqual({ expected: '73.00', counted: '73', note: null });
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });

  it("shows the server's refusal by field and lets the count be corrected", async () => {
    serve([drawer('62.00', 2)], () => HttpResponse.json({ message: 'Invalid input', errors: { counted: 'Enter the cash counted in the drawer, 0 or more with at most 2 decimal places' } }, { status: 400 }));
    const { user, dialog } = await open();
    await user.type(await within(dialog).findByRole('textbox', { name: 'Cash counted ($)' }), '62');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm close' }));
    expect(await within(dialog).findByText('Invalid input')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the cash counted in the drawer, 0 or more with at most 2 decimal places')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Cash counted ($)' })).toBeEnabled();
    expect(window.localStorage.getItem(PENDING)).toBeNull();
  });

  it('says when the drawer cannot be read, and reads it again on Retry', async () => {
    let reads = 0;
    server.use(
      http.get('/api/counter/drawer', () => (++reads === 1 ? HttpResponse.json({ message: 'Temporarily unavailable' }, { status: 503 }) : HttpResponse.json(drawer('5.00', 1)))),
    );
    const { user, dialog } = await open();
    expect(await within(dialog).findByText('Temporarily unavailable')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm close' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByTestId('drawer-expected')).toHaveTextContent('$5.00');
    expect(within(dialog).getByText('From 1 cash sale since the last close (Nov 24, 2026 5:30 PM, Desk Volunteer)')).toBeInTheDocument();
  });
});
