import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { FamilyMember } from '@/types/api';
import type { MyShiftSignup, PlanRole, VolunteerPlan } from '@/types/volunteer-shifts';
import { ShiftSignupSection } from './shift-signup-section';

const EVENT = 'ev-1';

// Saturday, November 2, 2030 in Folsom (PDT, UTC-7).
const kitchen: PlanRole = {
  id: 'r-kitchen',
  name: 'Kitchen',
  description: 'Cooking and serving prasadam.',
  minAge: null,
  reportTo: 'Kitchen door',
  oneStep: false,
  shifts: [
    { id: 's-full', roleId: 'r-kitchen', startsAt: '2030-11-02T20:00:00Z', endsAt: '2030-11-03T00:00:00Z', needed: 2, filled: 2, waitlisted: 1 },
    { id: 's-morning', roleId: 'r-kitchen', startsAt: '2030-11-02T16:00:00Z', endsAt: '2030-11-02T20:00:00Z', needed: 5, filled: 3, waitlisted: 0 },
  ],
};
const parking: PlanRole = {
  id: 'r-parking',
  name: 'Parking',
  description: null,
  minAge: 16,
  reportTo: null,
  oneStep: false,
  shifts: [{ id: 's-parking', roleId: 'r-parking', startsAt: '2030-11-02T15:00:00Z', endsAt: '2030-11-02T19:00:00Z', needed: 4, filled: 0, waitlisted: 0 }],
};
const plan: VolunteerPlan = { eventId: EVENT, dropCutoffHours: 24, roles: [kitchen, parking] };

function signup(overrides: Partial<MyShiftSignup> = {}): MyShiftSignup {
  return {
    id: 'su-1',
    shiftId: 's-morning',
    roleId: 'r-kitchen',
    eventId: EVENT,
    eventName: 'Diwali',
    roleName: 'Kitchen',
    reportTo: 'Kitchen door',
    startsAt: '2030-11-02T16:00:00Z',
    endsAt: '2030-11-02T20:00:00Z',
    familyMemberId: null,
    name: 'Lakshmi Rao',
    status: 'confirmed',
    attendance: null,
    dropRequested: false,
    canDrop: true,
    hours: 0,
    ...overrides,
  };
}

function familyMember(overrides: Partial<FamilyMember>): FamilyMember {
  return {
    id: 'f-1',
    name: 'Anand Rao',
    relation: 'Son',
    birthDate: '2012-05-01',
    gotram: null,
    nakshatram: null,
    rasi: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

/** Serves the plan and the member's sign-ups for the event from lists the test can change; counts the reads. */
function serve(initial: MyShiftSignup[] = [], thePlan: VolunteerPlan = plan) {
  const state = { signups: initial, plan: thePlan, planReads: 0, mineReads: 0 };
  server.use(
    http.get(`/api/events/${EVENT}/volunteer-plan`, () => {
      state.planReads += 1;
      return HttpResponse.json(state.plan);
    }),
    http.get('/api/account/volunteer-shifts', ({ request }) => {
      expect(new URL(request.url).searchParams.get('eventId')).toBe(EVENT);
      state.mineReads += 1;
      return HttpResponse.json({ year: 2030, hours: 0, signups: state.signups });
    }),
  );
  return state;
}

const member = makeUser({ firstName: 'Lakshmi', lastName: 'Rao' });
const shiftItem = (text: string) => screen.getByText(text, { exact: false }).closest('li')!;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-10-01T18:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ShiftSignupSection', () => {
  it('shows each role with its shifts, how full they are, and asks a visitor to sign in', async () => {
    serve();
    renderWithProviders(<ShiftSignupSection eventId={EVENT} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Volunteer shifts' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Kitchen', 'Parking']);
    expect(screen.getByText('Cooking and serving prasadam.')).toBeInTheDocument();
    expect(screen.getByText('Report to: Kitchen door')).toBeInTheDocument();
    expect(screen.getByText('Ages 16 and over')).toBeInTheDocument();

    const kitchenShifts = within(screen.getByRole('list', { name: 'Kitchen shifts' })).getAllByRole('listitem');
    // By start time, in the temple's time zone.
    expect(kitchenShifts[0]).toHaveTextContent('Saturday, November 2, 2030');
    expect(kitchenShifts[0]).toHaveTextContent('9:00 AM – 1:00 PM');
    expect(kitchenShifts[0]).toHaveTextContent('3 of 5 filled');
    expect(within(kitchenShifts[0]).queryByText('Full — join the waitlist')).not.toBeInTheDocument();
    expect(kitchenShifts[1]).toHaveTextContent('1:00 PM – 5:00 PM');
    expect(kitchenShifts[1]).toHaveTextContent('2 of 2 filled · 1 on the waitlist');
    expect(within(kitchenShifts[1]).getByText('Full — join the waitlist')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Sign in to volunteer' })).toHaveAttribute('href', `/sign-in?redirect=/events/${EVENT}`);
    expect(screen.queryByRole('button', { name: /Sign up/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Volunteer board' })).not.toBeInTheDocument();
  });

  it('renders nothing when the event has no roles', async () => {
    const state = serve([], { eventId: EVENT, dropCutoffHours: 24, roles: [] });
    const { container } = renderWithProviders(<ShiftSignupSection eventId={EVENT} />, { as: member });
    await waitFor(() => expect(state.planReads).toBe(1));
    expect(container.querySelector('section')).toBeNull();
    expect(screen.queryByText('Volunteer shifts')).not.toBeInTheDocument();
    expect(state.mineReads).toBe(0);
  });

  it("renders nothing when the event's only role is the one-step offers' (taken through Volunteer for Event)", async () => {
    const oneStep: PlanRole = { ...parking, id: 'r-one-step', name: 'Volunteers', minAge: null, oneStep: true };
    const state = serve([], { eventId: EVENT, dropCutoffHours: 24, roles: [oneStep] });
    const { container } = renderWithProviders(<ShiftSignupSection eventId={EVENT} />, { as: member });
    await waitFor(() => expect(state.planReads).toBe(1));
    expect(container.querySelector('section')).toBeNull();
    expect(state.mineReads).toBe(0);
  });

  it("lists a plan's own roles, not the one-step offers' role beside them", async () => {
    const oneStep: PlanRole = { ...parking, id: 'r-one-step', name: 'Volunteers', minAge: null, oneStep: true };
    serve([], { eventId: EVENT, dropCutoffHours: 24, roles: [oneStep, kitchen] });
    renderWithProviders(<ShiftSignupSection eventId={EVENT} />, { as: member });
    expect(await screen.findByRole('heading', { name: 'Kitchen' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Volunteers' })).not.toBeInTheDocument();
  });

  it('links a volunteer coordinator to the board, with or without a plan', async () => {
    const coordinator = makeUser({ roles: ['volunteer_coordinator'], permissions: ['manage_volunteers'] });
    serve([], { eventId: EVENT, dropCutoffHours: 24, roles: [] });
    const { unmount } = renderWithProviders(<ShiftSignupSection eventId={EVENT} />, { as: coordinator });
    expect(await screen.findByRole('link', { name: 'Volunteer board' })).toHaveAttribute('href', `/events/${EVENT}/volunteers`);
    expect(screen.getByText(/no volunteer shifts yet/)).toBeInTheDocument();
    unmount();

    serve();
    renderWithProviders(<ShiftSignupSection eventId={EVENT} />, { as: coordinator });
    await screen.findByRole('heading', { level: 3, name: 'Kitchen' });
    expect(screen.getByRole('link', { name: 'Volunteer board' })).toHaveAttribute('href', `/events/${EVENT}/volunteers`);
  });

  it('signs the member up, and offers the waitlist on a full shift', async () => {
    const state = serve();
    const posts: { shift: string; body: unknown }[] = [];
    server.use(
      http.post('/api/volunteer-shifts/:shiftId/signups', async ({ params, request }) => {
        const body = await request.json();
        posts.push({ shift: String(params.shiftId), body });
        const waitlisted = params.shiftId === 's-full';
        const created = signup({ id: `su-${posts.length}`, shiftId: String(params.shiftId), status: waitlisted ? 'waitlisted' : 'confirmed' });
        state.signups = [...state.signups, created];
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<ShiftSignupSection eventId={EVENT} />, { as: member });
    await screen.findByRole('heading', { level: 3, name: 'Kitchen' });

    const full = within(shiftItem('2 of 2 filled'));
    expect(await full.findByRole('button', { name: /^Join the waitlist: Kitchen/ })).toBeInTheDocument();
    expect(full.queryByRole('button', { name: /^Sign up/ })).not.toBeInTheDocument();

    await user.click(within(shiftItem('3 of 5 filled')).getByRole('button', { name: /^Sign up: Kitchen/ }));
    await waitFor(() => expect(within(shiftItem('3 of 5 filled')).getByText("You're signed up")).toBeInTheDocument());
    // Only the member can volunteer (no family with a birth date): nobody to choose, no `familyMemberId`.
    expect(posts).toEqual([{ shift: 's-morning', body: {} }]);
    // Signed up on it, nobody else to sign up: no button any more.
    expect(within(shiftItem('3 of 5 filled')).queryByRole('button', { name: /^Sign up/ })).not.toBeInTheDocument();

    await user.click(full.getByRole('button', { name: /^Join the waitlist/ }));
    await waitFor(() => expect(within(shiftItem('2 of 2 filled')).getByText("You're waitlisted")).toBeInTheDocument());
    expect(posts[1]).toEqual({ shift: 's-full', body: {} });

    // The sign-ups listed with their status, and the plan read again after each change.
    const mine = within(screen.getByRole('region', { name: 'Your shifts' }));
    expect(mine.getByText('Confirmed')).toBeInTheDocument();
    expect(mine.getByText('Waitlisted')).toBeInTheDocument();
    expect(state.planReads).toBeGreaterThanOrEqual(3);
  });

  it("shows the server's refusal in place", async () => {
    serve();
    server.use(
      http.post('/api/volunteer-shifts/s-morning/signups', () =>
        HttpResponse.json({ message: 'You are already signed up for a shift at that time' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<ShiftSignupSection eventId={EVENT} />, { as: member });
    await user.click(await screen.findByRole('button', { name: /^Sign up: Kitchen/ }));
    const alert = await within(shiftItem('3 of 5 filled')).findByRole('alert');
    expect(alert).toHaveTextContent('You are already signed up for a shift at that time');
  });

  it('lets the member choose who volunteers: themselves or a family member with a birth date', async () => {
    serve();
    server.use(
      http.get('/api/users/me/family', () =>
        HttpResponse.json([familyMember({}), familyMember({ id: 'f-2', name: 'Priya Rao', relation: 'Daughter', birthDate: null })]),
      ),
    );
    let body: unknown = null;
    server.use(
      http.post('/api/volunteer-shifts/s-parking/signups', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Parking is for volunteers aged 16 and over' }, { status: 400 });
      }),
    );
    const { user } = renderWithProviders(<ShiftSignupSection eventId={EVENT} />, { as: member });
    await user.click(await screen.findByRole('button', { name: /^Sign up: Parking/ }));
    const who = within(await screen.findByRole('group', { name: 'Who will volunteer?' }));
    expect(who.getAllByRole('button').map((b) => b.textContent)).toEqual(['Me (Lakshmi Rao)', 'Anand Rao (Son)', 'Cancel']);
    // Without a birth date, Priya cannot be signed up yet.
    expect(who.getByText(/add their birth date/)).toBeInTheDocument();
    expect(who.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');

    await user.click(who.getByRole('button', { name: 'Anand Rao (Son)' }));
    expect(await within(shiftItem('0 of 4 filled')).findByRole('alert')).toHaveTextContent('Parking is for volunteers aged 16 and over');
    expect(body).toEqual({ familyMemberId: 'f-1' });
  });

  it('works from the keyboard: the choice takes the focus, and Cancel gives it back to Sign up', async () => {
    serve();
    server.use(http.get('/api/users/me/family', () => HttpResponse.json([familyMember({})])));
    const { user } = renderWithProviders(<ShiftSignupSection eventId={EVENT} />, { as: member });
    const signUp = await screen.findByRole('button', { name: /^Sign up: Parking/ });
    signUp.focus();
    await user.keyboard('{Enter}');
    const who = within(await screen.findByRole('group', { name: 'Who will volunteer?' }));
    await waitFor(() => expect(who.getByRole('button', { name: 'Me (Lakshmi Rao)' })).toHaveFocus());
    await user.tab();
    expect(who.getByRole('button', { name: 'Anand Rao (Son)' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('group', { name: 'Who will volunteer?' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Sign up: Parking/ })).toHaveFocus());
  });

  it('drops a shift after confirming, or asks the coordinator once past the cut-off', async () => {
    const state = serve([
      signup({ id: 'su-drop', shiftId: 's-morning', canDrop: true }),
      signup({
        id: 'su-late',
        shiftId: 's-parking',
        roleId: 'r-parking',
        roleName: 'Parking',
        reportTo: null,
        startsAt: '2030-11-02T15:00:00Z',
        endsAt: '2030-11-02T19:00:00Z',
        familyMemberId: 'f-1',
        name: 'Anand Rao',
        canDrop: false,
      }),
    ]);
    let deleted = '';
    server.use(
      http.delete('/api/shift-signups/:id', ({ params }) => {
        deleted = String(params.id);
        state.signups = state.signups.filter((s) => s.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/api/shift-signups/su-late/drop-request', () => {
        state.signups = state.signups.map((s) => (s.id === 'su-late' ? { ...s, dropRequested: true } : s));
        return HttpResponse.json(state.signups.find((s) => s.id === 'su-late'));
      }),
    );
    const { user } = renderWithProviders(<ShiftSignupSection eventId={EVENT} />, { as: member });
    const mine = within(await screen.findByRole('region', { name: 'Your shifts' }));
    const [first, second] = mine.getAllByRole('listitem');
    // By start time: Anand's parking shift (8:00 AM), then the member's kitchen shift (9:00 AM).
    expect(first).toHaveTextContent('Parking · Anand Rao');
    expect(second).toHaveTextContent('Kitchen · You');
    expect(within(first).queryByRole('button', { name: /^Drop/ })).not.toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Ask the coordinator to drop' })).not.toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Ask the coordinator to drop' }));
    await waitFor(() => expect(within(first).getByText('Drop requested')).toBeInTheDocument());
    expect(within(first).queryByRole('button', { name: 'Ask the coordinator to drop' })).not.toBeInTheDocument();

    await user.click(within(second).getByRole('button', { name: /^Drop: Kitchen/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Drop this shift?' });
    expect(dialog).toHaveTextContent('You will no longer be on Kitchen, Saturday, November 2, 2030, 9:00 AM – 1:00 PM.');
    await user.click(within(dialog).getByRole('button', { name: 'Drop shift' }));
    await waitFor(() => expect(mine.getAllByRole('listitem')).toHaveLength(1));
    expect(deleted).toBe('su-drop');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('keeps the Drop dialog open with the refusal when the cut-off has passed meanwhile', async () => {
    serve([signup({ id: 'su-drop' })]);
    server.use(
      http.delete('/api/shift-signups/su-drop', () =>
        HttpResponse.json({ message: 'It is less than 24 hours before this shift; ask the coordinator to drop it' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<ShiftSignupSection eventId={EVENT} />, { as: member });
    await user.click(await screen.findByRole('button', { name: /^Drop: Kitchen/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Drop this shift?' });
    await user.click(within(dialog).getByRole('button', { name: 'Drop shift' }));
    expect(await within(dialog).findByText(/ask the coordinator to drop it/)).toBeInTheDocument();
  });

  it('asks a member whose e-mail is not verified to verify it, without reading their sign-ups', async () => {
    const state = serve();
    renderWithProviders(<ShiftSignupSection eventId={EVENT} />, { as: makeUser({ emailVerified: false }) });
    expect(await screen.findByText(/Verify your email address to sign up for shifts/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Sign up/ })).not.toBeInTheDocument();
    expect(state.mineReads).toBe(0);
  });
});
