import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeDoorCount, makeDoorEntry, makeEvent, makeStaff } from '@/testing/data';
import { recordCall, serveDoor } from '@/testing/mocks/door';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { DoorEntry } from '@/types/door';
import { DoorCount } from './door-count';
import { DoorDesk } from './door-desk';

const event = makeEvent({ id: 'ev-1', name: 'Ratha Yatra' });
const frontDesk = makeStaff(['front_desk']);

// 10:02 AM and 10:05 AM at the temple (PDT) on Nov 1, 2030.
const AT_10_02 = '2030-11-01T17:02:00Z';
const AT_10_05 = '2030-11-01T17:05:00Z';

const priya = makeDoorEntry({ id: 'a-priya', firstName: 'Priya', lastName: 'Sharma', familyNames: ['Arjun Sharma', 'Meera Sharma', 'Dev Sharma'], people: 4 });
const ravi = makeDoorEntry({ id: 'a-ravi', firstName: 'Ravi', lastName: 'Kumar', confirmationCode: 'WXYZ-7788', phoneEnding: '1200', people: 2 });
const sita = makeDoorEntry({
  id: 'a-sita',
  firstName: 'Sita',
  lastName: 'Devi',
  confirmationCode: 'KLMN-3344',
  phoneEnding: null,
  people: 1,
  arrivedPeople: 1,
  checkedInAt: AT_10_02,
  checkedInBy: 'Priya S.',
  seq: 7,
});
const count = makeDoorCount({ capacity: 1200, registeredParties: 3, registeredPeople: 7, checkedInParties: 1, checkedInPeople: 1 });

const searchField = () => screen.getByRole('combobox', { name: 'Name, phone or confirmation code' });

function renderDesk() {
  return renderWithProviders(<DoorDesk event={event} />, { as: frontDesk });
}

function checkedIn(entry: DoorEntry, people: number, at: string, by: string, seq: number): DoorEntry {
  return { ...entry, arrivedPeople: people, checkedInAt: at, checkedInBy: by, seq };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DoorDesk', () => {
  it('searches as the user types and checks the highlighted party in with Enter and its people', async () => {
    const door = serveDoor('ev-1', [priya, ravi, sita], count);
    const calls: { method: string; path: string; body: unknown }[] = [];
    server.use(
      http.put('/api/events/ev-1/attendees/:aid/check-in', async ({ request }) => {
        await recordCall(calls, request);
        return HttpResponse.json({ entry: checkedIn(priya, 3, AT_10_05, 'Asha K.', 11), already: false });
      }),
    );
    const { user } = renderDesk();

    // The live count, and the latest check-ins while the search is empty.
    expect(await screen.findByTestId('door-count')).toHaveTextContent(
      'Checked in: 1 person (1 family) · Registered: 7 people (3 families) · Walk-ins: 0 (0 people) · Capacity 1,200 (1,193 places left)',
    );
    expect(screen.getByRole('heading', { name: 'Latest check-ins' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Sita Devi/ })).toHaveTextContent('Checked in 10:02 AM · 1 person · by Priya S.');
    await waitFor(() => expect(searchField()).toHaveFocus());

    await user.type(searchField(), 'priya');
    const row = await screen.findByRole('row', { name: /Priya Sharma/ });
    expect(row).toHaveTextContent('with Arjun Sharma, Meera Sharma, Dev Sharma');
    expect(row).toHaveTextContent('ABCD-2345 · ··4567 · 4 people registered');
    expect(within(row).getByRole('spinbutton', { name: 'People arriving with Priya Sharma' })).toHaveValue(4);
    await user.click(within(row).getByRole('button', { name: 'Fewer people for Priya Sharma' }));
    expect(within(row).getByRole('spinbutton', { name: 'People arriving with Priya Sharma' })).toHaveValue(3);

    await user.click(searchField());
    await user.keyboard('{ArrowDown}');
    expect(row).toHaveAttribute('aria-selected', 'true');
    expect(searchField()).toHaveAttribute('aria-activedescendant', `${row.id}-info`);
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Checked in Priya Sharma, 3 people')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PUT', path: '/api/events/ev-1/attendees/a-priya/check-in', body: { checkedIn: true, people: 3 } }]);
    // Ready for the next family: the search cleared and focused, the new check-in on top of the latest.
    expect(searchField()).toHaveValue('');
    expect(searchField()).toHaveFocus();
    const latest = await screen.findAllByRole('row');
    expect(latest[0]).toHaveTextContent('Priya Sharma');
    expect(latest[0]).toHaveTextContent('Checked in 10:05 AM · 3 people · by Asha K.');
    expect(door.changesAsked[0]).toBe(10);
  });

  it('says when and by whom a party was checked in already, and Escape clears the search', async () => {
    serveDoor('ev-1', [priya, ravi, sita], count);
    server.use(http.put('/api/events/ev-1/attendees/a-sita/check-in', () => HttpResponse.json({ entry: sita, already: true })));
    const { user } = renderDesk();
    await screen.findByTestId('door-count');

    await user.type(searchField(), 'sita');
    await screen.findByRole('heading', { name: 'Matches for “sita”' });
    await user.keyboard('{Escape}');
    expect(searchField()).toHaveValue('');
    expect(await screen.findByRole('heading', { name: 'Latest check-ins' })).toBeInTheDocument();

    await user.type(searchField(), 'sita');
    await screen.findByRole('heading', { name: 'Matches for “sita”' });
    // Enter with no row highlighted highlights the first; Enter again checks it in.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('row', { name: /Sita Devi/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Already checked in at 10:02 AM by Priya S.')).toBeInTheDocument();
    expect(screen.getByText('Sita Devi · 1 person')).toBeInTheDocument();
    expect(searchField()).toHaveValue('');
  });

  it('adds a walk-in: checks the form, shows the server’s refusal, then checks them in', async () => {
    serveDoor('ev-1', [priya, ravi, sita], count);
    const calls: { method: string; path: string; body: unknown }[] = [];
    let full = true;
    server.use(
      http.post('/api/events/ev-1/walk-ins', async ({ request }) => {
        await recordCall(calls, request);
        if (full) return HttpResponse.json({ message: 'The event is full: 1 place left' }, { status: 409 });
        return HttpResponse.json(
          makeDoorEntry({
            kind: 'walkIn',
            id: 'w-1',
            firstName: 'Anita',
            lastName: 'Rao',
            confirmationCode: null,
            phoneEnding: '9999',
            people: 2,
            arrivedPeople: 2,
            checkedInAt: AT_10_05,
            checkedInBy: 'Asha K.',
            joinedToMember: true,
            seq: 11,
          }),
          { status: 201 },
        );
      }),
    );
    const { user } = renderDesk();
    await screen.findByTestId('door-count');

    // Nobody matches: the desk offers a walk-in with the typed name.
    await user.type(searchField(), 'Anita Rao');
    expect(await screen.findByText('No registration matches “Anita Rao”. Add them as a walk-in?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add as walk-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add walk-in' });
    expect(within(dialog).getByLabelText(/First name/)).toHaveValue('Anita');
    expect(within(dialog).getByLabelText(/Last name/)).toHaveValue('Rao');

    await user.clear(within(dialog).getByLabelText(/Last name/));
    await user.clear(within(dialog).getByLabelText(/People/));
    await user.type(within(dialog).getByLabelText(/People/), '0');
    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Add and check in' }));
    expect(await within(dialog).findByText('Last name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter how many people came: 1 to 99')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid email address')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Last name/), 'Rao');
    await user.clear(within(dialog).getByLabelText(/People/));
    await user.type(within(dialog).getByLabelText(/People/), '2');
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('Phone'), '(916) 555-9999');
    await user.click(within(dialog).getByRole('button', { name: 'Add and check in' }));
    expect(await within(dialog).findByText('The event is full: 1 place left')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', path: '/api/events/ev-1/walk-ins', body: { firstName: 'Anita', lastName: 'Rao', phoneNumber: '(916) 555-9999', email: null, people: 2 } },
    ]);

    full = false;
    await user.click(within(dialog).getByRole('button', { name: 'Add and check in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Checked in Anita Rao, 2 people')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Anita Rao/ });
    expect(within(row).getByText('Walk-in')).toBeInTheDocument();
    expect(within(row).getByText('member')).toBeInTheDocument();
    await waitFor(() => expect(searchField()).toHaveFocus());
  });

  it('merges the changes of other desks into the list and the count, and drops walk-ins taken off', async () => {
    const kiran = makeDoorEntry({
      kind: 'walkIn',
      id: 'w-kiran',
      firstName: 'Kiran',
      lastName: 'Rao',
      confirmationCode: null,
      people: 3,
      arrivedPeople: 3,
      checkedInAt: AT_10_02,
      checkedInBy: 'Asha K.',
      seq: 9,
    });
    const door = serveDoor('ev-1', [priya, ravi, sita, kiran], count);
    const { user } = renderDesk();
    expect(await screen.findByRole('row', { name: /Kiran Rao/ })).toBeInTheDocument();
    await waitFor(() => expect(door.changesAsked).toEqual([10]));

    await user.type(searchField(), 'priya');
    const row = await screen.findByRole('row', { name: /Priya Sharma/ });
    expect(within(row).getByRole('button', { name: 'Check in Priya Sharma' })).toBeInTheDocument();

    // Another desk checks Priya's family in.
    door.push({
      entries: [checkedIn(priya, 4, AT_10_05, 'Gopal M.', 12)],
      seq: 12,
      count: { ...count, checkedInParties: 2, checkedInPeople: 5 },
    });
    await waitFor(() => expect(row).toHaveTextContent('Checked in 10:05 AM · 4 people · by Gopal M.'));
    expect(screen.getByTestId('door-count')).toHaveTextContent('Checked in: 5 people (2 families)');
    await waitFor(() => expect(door.changesAsked).toEqual([10, 12]));

    // Back to the latest check-ins: Priya's family on top, though the list was read before.
    await user.keyboard('{Escape}');
    await screen.findByRole('heading', { name: 'Latest check-ins' });
    await waitFor(() => expect(screen.getAllByRole('row')[0]).toHaveTextContent('Priya Sharma'));

    // A desk takes the walk-in off again.
    door.push({ entries: [{ ...kiran, removed: true, seq: 13 }], seq: 13, count: { ...count, checkedInParties: 2, checkedInPeople: 5 } });
    await waitFor(() => expect(screen.queryByRole('row', { name: /Kiran Rao/ })).not.toBeInTheDocument());
  });

  it('undoes a check-in', async () => {
    serveDoor('ev-1', [priya, ravi, sita], count);
    const calls: { method: string; path: string; body: unknown }[] = [];
    server.use(
      http.put('/api/events/ev-1/attendees/a-sita/check-in', async ({ request }) => {
        await recordCall(calls, request);
        return HttpResponse.json({ entry: { ...sita, arrivedPeople: null, checkedInAt: null, checkedInBy: null, seq: 11 }, already: false });
      }),
    );
    const { user } = renderDesk();
    const row = await screen.findByRole('row', { name: /Sita Devi/ });
    await user.click(within(row).getByRole('button', { name: 'Undo check-in of Sita Devi' }));
    expect(await screen.findByText('Check-in undone for Sita Devi')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PUT', path: '/api/events/ev-1/attendees/a-sita/check-in', body: { checkedIn: false } }]);
    expect(screen.queryByRole('row', { name: /Sita Devi/ })).not.toBeInTheDocument();
    expect(screen.getByText('No one has been checked in yet.')).toBeInTheDocument();
  });

  it('checks a typed or keyboard-scanned confirmation code in with Enter', async () => {
    serveDoor('ev-1', [priya, ravi, sita], count);
    const calls: { method: string; path: string; body: unknown }[] = [];
    server.use(
      http.post('/api/events/ev-1/door/scan', async ({ request }) => {
        await recordCall(calls, request);
        return HttpResponse.json({ entry: checkedIn(ravi, 2, AT_10_05, 'Asha K.', 11), already: false });
      }),
    );
    const { user } = renderDesk();
    await screen.findByTestId('door-count');
    await user.type(searchField(), 'MANDIR:WXYZ-7788{Enter}');
    expect(await screen.findByText('Checked in Ravi Kumar, 2 people')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: '/api/events/ev-1/door/scan', body: { code: 'MANDIR:WXYZ-7788' } }]);
  });

  it('says so when the camera is refused', async () => {
    serveDoor('ev-1', [priya], count);
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    vi.stubGlobal('navigator', Object.assign(Object.create(window.navigator) as Navigator, { mediaDevices: { getUserMedia } }));
    const { user } = renderDesk();
    await screen.findByTestId('door-count');
    await user.click(screen.getByRole('button', { name: 'Scan QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan QR code' });
    expect(await within(dialog).findByText(/The camera was refused/)).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(searchField()).toHaveFocus());
  });

  it("shows the server's refusal when the desk has no door duty", async () => {
    server.use(
      http.get('/api/events/ev-1/door/search', () =>
        HttpResponse.json({ message: "Only staff on door duty and those a coordinator put on this event's door can check people in" }, { status: 403 }),
      ),
    );
    renderDesk();
    expect(await screen.findByText("Only staff on door duty and those a coordinator put on this event's door can check people in")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

describe('DoorCount', () => {
  it('shows the count and keeps it live', async () => {
    const door = serveDoor('ev-1', [sita], count);
    renderWithProviders(<DoorCount eventId="ev-1" />, { as: frontDesk });
    expect(await screen.findByTestId('door-count')).toHaveTextContent('Checked in: 1 person (1 family)');
    await waitFor(() => expect(door.changesAsked).toEqual([10]));
    door.push({ entries: [checkedIn(priya, 4, AT_10_05, 'Gopal M.', 11)], seq: 11, count: { ...count, checkedInParties: 2, checkedInPeople: 5, walkInParties: 1, walkInPeople: 3 } });
    await waitFor(() => expect(screen.getByTestId('door-count')).toHaveTextContent('Checked in: 5 people (2 families)'));
    expect(screen.getByTestId('door-count')).toHaveTextContent('Walk-ins: 1 (3 people) · Capacity 1,200 (1,190 places left)');
  });
});
