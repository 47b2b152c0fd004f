import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeStaff } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { fireEvent, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { BoardShift, BoardVolunteer, VolunteerBoard } from '@/types/volunteer-shifts';
import { VolunteerBoardPage } from './volunteer-board-page';

const event = makeEvent({ id: 'e-1', name: 'Diwali Mela', eventDate: '2030-11-09T01:00:00Z', location: 'Main Hall' });
const coordinator = makeStaff(['volunteer_coordinator']);

function volunteer(overrides: Partial<BoardVolunteer>): BoardVolunteer {
  return {
    id: 'v',
    userId: 'u',
    familyMemberId: null,
    name: 'Someone',
    email: 'someone@example.org',
    phone: null,
    status: 'confirmed',
    attendance: null,
    dropRequested: false,
    signedUpAt: '2030-10-01T17:00:00Z',
    ...overrides,
  };
}

function shift(overrides: Partial<BoardShift>): BoardShift {
  return { id: 's', roleId: 'r', startsAt: '', endsAt: '', needed: 1, filled: 0, waitlisted: 0, volunteers: [], ...overrides };
}

const anand = volunteer({ id: 'su-anand', name: 'Anand Rao', email: 'anand@example.org', phone: '(916) 555-0101', dropRequested: true });
const bhavna = volunteer({ id: 'su-bhavna', name: 'Bhavna Shah' });
const chitra = volunteer({ id: 'su-chitra', name: 'Chitra Nair' });
const dev = volunteer({ id: 'su-dev', name: 'Dev Patel', status: 'waitlisted' });
const esha = volunteer({ id: 'su-esha', name: 'Esha Iyer', phone: '916-555-0102' });

/** Parking: an afternoon shift 2 short (Anand asked to drop it) and a full evening one with Dev waiting; Kitchen: a shift that has started. */
function makeBoard(overrides: Partial<VolunteerBoard> = {}): VolunteerBoard {
  return {
    eventId: 'e-1',
    eventName: 'Diwali Mela',
    eventDate: '2030-11-09T01:00:00Z',
    dropCutoffHours: 24,
    dropRequests: 1,
    roles: [
      {
        id: 'r-parking',
        name: 'Parking',
        description: 'Wave cars into the lot.',
        minAge: 16,
        reportTo: 'The north gate',
        oneStep: false,
        shifts: [
          // 2:00 PM – 6:00 PM and 6:00 PM – 10:00 PM on Nov 08, 2030 at the temple (PST).
          shift({ id: 's-afternoon', roleId: 'r-parking', startsAt: '2030-11-08T22:00:00Z', endsAt: '2030-11-09T02:00:00Z', needed: 3, filled: 1, volunteers: [anand] }),
          shift({ id: 's-evening', roleId: 'r-parking', startsAt: '2030-11-09T02:00:00Z', endsAt: '2030-11-09T06:00:00Z', needed: 2, filled: 2, waitlisted: 1, volunteers: [bhavna, chitra, dev] }),
        ],
      },
      {
        id: 'r-kitchen',
        name: 'Kitchen',
        description: null,
        minAge: null,
        reportTo: null,
        oneStep: false,
        shifts: [shift({ id: 's-kitchen', roleId: 'r-kitchen', startsAt: '2020-01-04T17:00:00Z', endsAt: '2020-01-04T21:00:00Z', needed: 1, filled: 1, volunteers: [esha] })],
      },
    ],
    ...overrides,
  };
}

type Call = { method: string; path: string; body: unknown };

/** Serves the board (then `after` once a change was recorded), recording every change asked for. */
function serve(board: VolunteerBoard, after: VolunteerBoard = board) {
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? (JSON.parse(text) as unknown) : null });
  };
  server.use(
    http.get('/api/events/e-1/volunteer-board', () => HttpResponse.json(calls.length > 0 ? after : board)),
    http.put('/api/shift-signups/:id/shift', async ({ request }) => {
      await record(request);
      return HttpResponse.json(anand);
    }),
    http.put('/api/shift-signups/:id/attendance', async ({ request }) => {
      await record(request);
      return HttpResponse.json(esha);
    }),
    http.delete('/api/shift-signups/:id', async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/shift-signups/:id/drop-request/decline', async ({ request }) => {
      await record(request);
      return HttpResponse.json(anand);
    }),
  );
  return calls;
}

function renderPage(route = '/events/e-1/volunteers') {
  return renderWithProviders(<VolunteerBoardPage event={event} />, { route, path: '/events/:id/volunteers', as: coordinator });
}

const card = (id: string) => screen.getByTestId(`shift-${id}`);

describe('the board', () => {
  it("counts the one-step offers' shift as volunteers, never short or full, and says where the offers go on the plan", async () => {
    const oneStep = {
      id: 'r-one-step',
      name: 'Volunteers',
      description: 'Help wherever Diwali Mela needs you on the day.',
      minAge: null,
      reportTo: 'The front desk',
      oneStep: true,
      shifts: [shift({ id: 's-one-step', roleId: 'r-one-step', startsAt: '2030-11-09T01:00:00Z', endsAt: '2030-11-09T04:00:00Z', needed: 3, filled: 2, volunteers: [bhavna, chitra] })],
    };
    serve(makeBoard({ roles: [oneStep], dropRequests: 0 }));
    const { user } = renderPage();
    const one = await screen.findByTestId('shift-s-one-step');
    expect(within(one).getByText('2 volunteers')).toBeInTheDocument();
    expect(within(one).queryByText('Full')).not.toBeInTheDocument();
    expect(within(one).queryByText(/short/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Plan' }));
    expect(await screen.findByText(/Members who use “Volunteer for Event” are placed here/)).toBeInTheDocument();
  });

  it('shows each shift filled of needed, the gaps in the warning colour, and the totals', async () => {
    serve(makeBoard());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Volunteers — Diwali Mela' })).toBeInTheDocument();
    expect(await screen.findByTestId('volunteer-summary')).toHaveTextContent('4 of 6 places filled · 1 drop request');
    expect(screen.getByRole('tab', { name: 'Board', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Parking' })).toBeInTheDocument();

    const afternoon = card('s-afternoon');
    expect(within(afternoon).getByRole('heading', { level: 3 })).toHaveTextContent('Nov 08, 2030 · 2:00 PM – 6:00 PM');
    expect(within(afternoon).getByText('1 / 3 filled')).toBeInTheDocument();
    expect(within(afternoon).getByText('2 short')).toBeInTheDocument();
    expect(within(afternoon).getByText('Drop requested')).toBeInTheDocument();
    expect(within(afternoon).getByRole('link', { name: '(916) 555-0101' })).toHaveAttribute('href', 'tel:9165550101');
    expect(within(afternoon).getByRole('link', { name: 'anand@example.org' })).toHaveAttribute('href', 'mailto:anand@example.org');
    // Attendance is marked once a shift has started; this one has not.
    expect(within(afternoon).queryByRole('group', { name: 'Attendance of Anand Rao' })).not.toBeInTheDocument();

    const evening = card('s-evening');
    expect(within(evening).getByText('2 / 2 filled')).toBeInTheDocument();
    expect(within(evening).getByText('Full')).toBeInTheDocument();
    expect(within(evening).queryByText(/short/)).not.toBeInTheDocument();
    expect(within(evening).getByText('+1 waiting')).toBeInTheDocument();
    expect(within(evening).getByText('Waitlist #1')).toBeInTheDocument();
    expect(within(evening).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Bhavna Shah'),
      expect.stringContaining('Chitra Nair'),
      expect.stringContaining('Dev Patel'),
    ]);
  });

  it('moves a volunteer to another shift from the "Move to…" menu', async () => {
    const calls = serve(makeBoard());
    const { user } = renderPage();
    await screen.findByTestId('shift-s-afternoon');
    await user.click(within(card('s-afternoon')).getByRole('button', { name: 'Move to… (Anand Rao)' }));
    const menu = await screen.findByRole('menu', { name: 'Move to… (Anand Rao)' });
    const items = within(menu).getAllByRole('menuitem').map((i) => i.textContent);
    expect(items).toEqual(['Parking · Nov 08, 2030 · 6:00 PM – 10:00 PM (full)', 'Kitchen · Jan 04, 2020 · 9:00 AM – 1:00 PM (full)']);
    await user.click(within(menu).getByRole('menuitem', { name: /^Kitchen/ }));
    await waitFor(() => expect(calls).toEqual([{ method: 'PUT', path: '/api/shift-signups/su-anand/shift', body: { shiftId: 's-kitchen' } }]));
    expect(await screen.findByText('Anand Rao moved')).toBeInTheDocument();
  });

  it("shows the server's refusal of a move", async () => {
    serve(makeBoard());
    server.use(http.put('/api/shift-signups/:id/shift', () => HttpResponse.json({ message: 'That shift is full' }, { status: 409 })));
    const { user } = renderPage();
    await screen.findByTestId('shift-s-afternoon');
    await user.click(within(card('s-afternoon')).getByRole('button', { name: 'Move to… (Anand Rao)' }));
    await user.click(await screen.findByRole('menuitem', { name: /^Parking/ }));
    expect(await screen.findByText('That shift is full')).toBeInTheDocument();
  });

  it('moves a volunteer dragged onto another shift', async () => {
    const calls = serve(makeBoard());
    renderPage();
    await screen.findByTestId('shift-s-afternoon');
    const dataTransfer = { setData: () => undefined, getData: () => '', types: [], effectAllowed: 'all', dropEffect: 'none' };
    fireEvent.dragStart(within(card('s-evening')).getByText('Bhavna Shah').closest('li')!, { dataTransfer });
    fireEvent.dragOver(card('s-afternoon'), { dataTransfer });
    fireEvent.drop(card('s-afternoon'), { dataTransfer });
    await waitFor(() => expect(calls).toEqual([{ method: 'PUT', path: '/api/shift-signups/su-bhavna/shift', body: { shiftId: 's-afternoon' } }]));
  });

  it('approves a drop request (the sign-up is deleted) or declines it', async () => {
    const calls = serve(makeBoard());
    const { user } = renderPage();
    await screen.findByTestId('shift-s-afternoon');
    await user.click(screen.getByRole('button', { name: 'Decline drop for Anand Rao' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'POST', path: '/api/shift-signups/su-anand/drop-request/decline', body: null }]));

    await user.click(screen.getByRole('button', { name: 'Approve drop for Anand Rao' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Drop Anand Rao from the shift?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve drop' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ method: 'DELETE', path: '/api/shift-signups/su-anand', body: null }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('marks attendance once the shift has started', async () => {
    const calls = serve(makeBoard());
    const { user } = renderPage();
    const group = await screen.findByRole('group', { name: 'Attendance of Esha Iyer' });
    await user.click(within(group).getByRole('button', { name: 'Present' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'PUT', path: '/api/shift-signups/su-esha/attendance', body: { attendance: 'present' } }]));
  });

  it("messages a shift's volunteers and says how many it was sent to", async () => {
    serve(makeBoard());
    let sent: unknown;
    server.use(
      http.post('/api/events/e-1/volunteer-messages', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ queued: 2 }, { status: 202 });
      }),
    );
    const { user } = renderPage();
    await screen.findByTestId('shift-s-evening');
    await user.click(within(card('s-evening')).getByRole('button', { name: /^Message:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Message volunteers' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Subject must be 3 to 150 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Message must be 1 to 5000 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Parking tonight');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Bring a torch.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent to 2 volunteers')).toBeInTheDocument();
    expect(sent).toEqual({ shiftId: 's-evening', subject: 'Parking tonight', body: 'Bring a torch.' });
  });

  it("prints a shift's sign-in sheet: its confirmed volunteers with Signed in and Signed out columns", async () => {
    serve(makeBoard());
    renderPage('/events/e-1/volunteers?sheet=s-evening');
    const table = await screen.findByRole('table', { name: 'Sign-in sheet: Parking' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign-in sheet: Parking' })).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Phone', 'Signed in', 'Signed out']);
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.firstChild?.textContent)).toEqual(['Bhavna Shah', 'Chitra Nair']);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the board' })).toHaveAttribute('href', '/events/e-1/volunteers');
  });
});

describe('the plan', () => {
  it('checks a role before saving it, and shows what the server refuses', async () => {
    serve(makeBoard());
    let posted: unknown;
    server.use(
      http.post('/api/events/e-1/volunteer-roles', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ message: 'Name: a role of that name exists', errors: { name: 'A role named Parking already exists' } }, { status: 409 });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Plan' }));
    await user.click(screen.getByRole('button', { name: 'Add a role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a role' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Minimum age' }), '120');
    await user.click(within(dialog).getByRole('button', { name: 'Add role' }));
    expect(await within(dialog).findByText('Name must be 2 to 80 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Minimum age must be a whole number from 0 to 99')).toBeInTheDocument();
    expect(posted).toBeUndefined();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Parking');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Minimum age' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Minimum age' }), '16');
    await user.click(within(dialog).getByRole('button', { name: 'Add role' }));
    expect(await within(dialog).findByText('A role named Parking already exists')).toBeInTheDocument();
    expect(posted).toEqual({ name: 'Parking', description: null, minAge: 16, reportTo: null });
  });

  it('edits a role, replacing every field (a blank one is cleared)', async () => {
    const calls = serve(makeBoard());
    server.use(
      http.put('/api/volunteer-roles/:id', async ({ request }) => {
        const body = (await request.json()) as unknown;
        calls.push({ method: 'PUT', path: new URL(request.url).pathname, body });
        return HttpResponse.json({ id: 'r-parking', name: 'Parking', description: null, minAge: 18, reportTo: 'The north gate', shifts: [] });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Plan' }));
    await user.click(screen.getByRole('button', { name: 'Edit Parking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Parking' });
    expect(within(dialog).getByRole('textbox', { name: 'Minimum age' })).toHaveValue('16');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Description' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Minimum age' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Minimum age' }), '18');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'PUT', path: '/api/volunteer-roles/r-parking', body: { name: 'Parking', description: null, minAge: 18, reportTo: 'The north gate' } }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('adds a shift in temple time, refusing one that ends when it starts', async () => {
    serve(makeBoard());
    let posted: unknown;
    server.use(
      http.post('/api/volunteer-roles/r-kitchen/shifts', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json({ id: 's-new' }, { status: 201 });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Plan' }));
    await user.click(screen.getByRole('button', { name: 'Add a shift to Kitchen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a shift: Kitchen' });
    // A new shift starts on the role's last shift's day: too long before this event.
    expect(within(dialog).getByLabelText(/^Date/)).toHaveValue('2020-01-04');
    await user.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    expect(await within(dialog).findByText('A shift must start within a week before and two weeks after the event')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2030-11-08' } });
    fireEvent.change(within(dialog).getByLabelText(/^Starts/), { target: { value: '18:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Ends/), { target: { value: '18:00' } });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Volunteers needed' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    expect(await within(dialog).findByText('A shift must end after it starts')).toBeInTheDocument();
    expect(within(dialog).getByText('Volunteers needed must be a whole number from 1 to 500')).toBeInTheDocument();

    // Ending earlier than it starts: the next day.
    fireEvent.change(within(dialog).getByLabelText(/^Ends/), { target: { value: '01:30' } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Volunteers needed' }), '6');
    expect(await within(dialog).findByText('Ends the next day')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    await waitFor(() => expect(posted).toEqual({ startsAt: '2030-11-09T02:00:00.000Z', endsAt: '2030-11-09T09:30:00.000Z', needed: 6 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('saves the drop cut-off within 0 to 336 hours', async () => {
    serve(makeBoard());
    let put: unknown;
    server.use(
      http.put('/api/events/e-1/volunteer-plan', async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({ eventId: 'e-1', dropCutoffHours: 48, roles: [] });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Plan' }));
    const hours = screen.getByRole('textbox', { name: 'Hours before a shift' });
    expect(hours).toHaveValue('24');
    await user.clear(hours);
    await user.type(hours, '400');
    await user.click(screen.getByRole('button', { name: 'Save cut-off' }));
    expect(await screen.findByText('The drop cut-off must be a whole number of hours from 0 to 336')).toBeInTheDocument();
    await user.clear(hours);
    await user.type(hours, '48');
    await user.click(screen.getByRole('button', { name: 'Save cut-off' }));
    await waitFor(() => expect(put).toEqual({ dropCutoffHours: 48 }));
  });

  it('says when a role with volunteers cannot be deleted', async () => {
    serve(makeBoard());
    server.use(http.delete('/api/volunteer-roles/:id', () => HttpResponse.json({ message: 'This role has volunteers; move or remove them first' }, { status: 409 })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Plan' }));
    await user.click(screen.getByRole('button', { name: 'Delete Parking' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Parking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This role has volunteers; move or remove them first')).toBeInTheDocument();
  });

  it('starts an empty plan from an earlier event', async () => {
    const calls = serve(makeBoard({ roles: [], dropRequests: 0 }), makeBoard());
    const earlier = makeEvent({ id: 'e-2029', name: 'Diwali Mela 2029', eventDate: '2029-10-20T01:00:00Z' });
    const older = makeEvent({ id: 'e-2028', name: 'Diwali Mela 2028', eventDate: '2028-10-29T01:00:00Z' });
    const later = makeEvent({ id: 'e-2031', name: 'Diwali Mela 2031', eventDate: '2031-10-29T01:00:00Z' });
    let copied: unknown;
    server.use(
      http.get('/api/events', () => HttpResponse.json([older, earlier, event, later])),
      http.post('/api/events/e-1/volunteer-plan/copy', async ({ request }) => {
        copied = await request.json();
        calls.push({ method: 'POST', path: '/api/events/e-1/volunteer-plan/copy', body: copied });
        return HttpResponse.json({ eventId: 'e-1', dropCutoffHours: 24, roles: [{ id: 'r', name: 'Parking', description: null, minAge: null, reportTo: null, shifts: [] }] }, { status: 201 });
      }),
    );
    const { user } = renderPage();
    expect(await screen.findByRole('tab', { name: 'Plan', selected: true })).toBeInTheDocument();
    expect(screen.getByText('This event has no volunteer roles yet.')).toBeInTheDocument();
    expect(screen.getByTestId('volunteer-summary')).toHaveTextContent('0 of 0 places filled · 0 drop requests');
    await user.click(screen.getByRole('button', { name: 'Copy from an earlier event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy from an earlier event' });
    const radios = await within(dialog).findAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['Diwali Mela 2029 · Oct 19, 2029', 'Diwali Mela 2028 · Oct 28, 2028']);
    await user.click(within(dialog).getByRole('button', { name: 'Copy plan' }));
    expect(await within(dialog).findByText('Choose an event to copy from')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Diwali Mela 2029/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy plan' }));
    await waitFor(() => expect(copied).toEqual({ fromEventId: 'e-2029' }));
    expect(await screen.findByText('Plan copied')).toBeInTheDocument();
    // The board reloaded with the copied plan.
    expect(await screen.findByRole('heading', { level: 3, name: 'Parking' })).toBeInTheDocument();
  });
});

describe('the door', () => {
  it('puts a member on the door by e-mail, shows the refusal of an unknown address, and takes them off', async () => {
    serve(makeBoard());
    let staff: { userId: string; name: string; email: string; grantedAt: string }[] = [];
    const asked: string[] = [];
    server.use(
      http.get('/api/events/e-1/door-staff', () => HttpResponse.json(staff)),
      http.post('/api/events/e-1/door-staff', async ({ request }) => {
        const { email } = (await request.json()) as { email: string };
        asked.push(email);
        if (email !== 'lakshmi@example.org') return HttpResponse.json({ message: 'No member has that e-mail address' }, { status: 404 });
        staff = [{ userId: 'u-l', name: 'Lakshmi Iyer', email, grantedAt: '2030-10-01T17:00:00Z' }];
        return HttpResponse.json(staff);
      }),
      http.delete('/api/events/e-1/door-staff/u-l', () => {
        staff = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Door' }));
    expect(await screen.findByText(/Nobody is on this event's door yet/)).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: "Member's e-mail" });
    await user.type(field, 'nobody@example.org');
    await user.click(screen.getByRole('button', { name: 'Put on the door' }));
    expect(await screen.findByText('No member has that e-mail address')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'lakshmi@example.org');
    await user.click(screen.getByRole('button', { name: 'Put on the door' }));
    expect(await screen.findByText('Lakshmi Iyer')).toBeInTheDocument();
    expect(asked).toEqual(['nobody@example.org', 'lakshmi@example.org']);
    await user.click(screen.getByRole('button', { name: 'Take Lakshmi Iyer off the door' }));
    await waitFor(() => expect(screen.queryByText('Lakshmi Iyer')).not.toBeInTheDocument());
  });
});

describe('the door count', () => {
  it('shows the live count the page is given, with the way to the check-in desk', async () => {
    serve(makeBoard());
    const { user } = renderWithProviders(<VolunteerBoardPage event={event} doorCount={<p>Checked in: 12 people (4 families)</p>} />, { as: coordinator });
    await user.click(await screen.findByRole('tab', { name: 'Door' }));
    const section = await screen.findByRole('region', { name: 'At the door now' });
    expect(within(section).getByText('Checked in: 12 people (4 families)')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Open the check-in desk' })).toHaveAttribute('href', '/events/e-1/check-in');
  });
});
