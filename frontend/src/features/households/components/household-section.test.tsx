import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { Household, HouseholdOverview } from '@/types/api';
import { NAME_REQUIRED } from '../schemas';
import { HouseholdSection } from './household-section';

const raos: Household = {
  id: 'h-1',
  name: 'The Rao family',
  address: '12 Temple Rd\nFolsom, CA 95630',
  statement: 'joint',
  jointName: 'Lakshmi Rao and Ravi Rao',
  members: [
    { name: 'Lakshmi Rao', email: 'lakshmi@example.org', joinedAt: '2026-11-01T18:00:00Z', family: ['Anika (daughter)'], you: true },
    { name: 'Ravi Rao', email: 'ravi@example.org', joinedAt: '2026-11-02T18:00:00Z', family: [], you: false },
  ],
  invitations: [{ id: 'i-1', email: 'mother@example.org', invitedBy: 'Lakshmi Rao', createdAt: '2026-11-03T18:00:00Z' }],
};

/** Serves GET /api/household from a value the test can change. */
function serve(initial: HouseholdOverview) {
  let current = initial;
  server.use(http.get('/api/household', () => HttpResponse.json(current)));
  return (next: HouseholdOverview) => (current = next);
}

describe('HouseholdSection', () => {
  it('forms a household with a joint statement by default, showing the server’s field errors', async () => {
    const set = serve({ household: null, invitations: [] });
    let sent: unknown = null;
    let refuse = true;
    server.use(
      http.post('/api/household', async ({ request }) => {
        sent = await request.json();
        if (refuse) {
          refuse = false;
          return HttpResponse.json({ message: 'Invalid', errors: { name: 'You already belong to a household; leave it first' } }, { status: 400 });
        }
        set({ household: raos, invitations: [] });
        return HttpResponse.json(raos, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<HouseholdSection />);
    await screen.findByRole('heading', { name: 'Form a household' });
    expect(screen.getByRole('radio', { name: /One joint statement/ })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Form household' }));
    expect(await screen.findByText(NAME_REQUIRED)).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.type(screen.getByRole('textbox', { name: /Household name/ }), 'The Rao family');
    await user.type(screen.getByRole('textbox', { name: /Mailing address/ }), '12 Temple Rd');
    await user.click(screen.getByRole('button', { name: 'Form household' }));
    expect(await screen.findByText('You already belong to a household; leave it first')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'The Rao family', address: '12 Temple Rd', statement: 'joint' });

    await user.click(screen.getByRole('button', { name: 'Form household' }));
    expect(await screen.findByRole('heading', { name: 'The Rao family' })).toBeInTheDocument();
  });

  it('shows the household’s people with their family, its invitations, and invites another address', async () => {
    serve({ household: raos, invitations: [] });
    let invited: unknown = null;
    server.use(
      http.post('/api/household/invitations', async ({ request }) => {
        invited = await request.json();
        return HttpResponse.json(raos, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<HouseholdSection />);
    await screen.findByRole('heading', { name: 'The Rao family' });
    expect(screen.getByText('One joint statement')).toBeInTheDocument();
    expect(screen.getByText(/addressed to Lakshmi Rao and Ravi Rao/)).toBeInTheDocument();
    const people = screen.getByRole('list', { name: 'Household members' });
    expect(within(people).getAllByRole('listitem')).toHaveLength(2);
    expect(people).toHaveTextContent('Lakshmi Rao (you)');
    expect(people).toHaveTextContent('Family: Anika (daughter)');
    expect(screen.getByRole('list', { name: 'Waiting invitations' })).toHaveTextContent('mother@example.org');
    expect(screen.getByRole('button', { name: 'Cancel the invitation to mother@example.org' })).toBeInTheDocument();

    const email = screen.getByRole('textbox', { name: /E-mail address to invite/ });
    await user.type(email, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(invited).toBeNull();
    await user.clear(email);
    await user.type(email, 'uncle@example.org');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(invited).toEqual({ email: 'uncle@example.org' }));
    await waitFor(() => expect(email).toHaveValue(''));
  });

  it('accepts an invitation to the member’s address', async () => {
    const set = serve({
      household: null,
      invitations: [{ id: 'i-9', householdName: 'The Rao family', invitedBy: 'Lakshmi Rao', createdAt: '2026-11-03T18:00:00Z' }],
    });
    server.use(
      http.post('/api/household/invitations/i-9/accept', () => {
        set({ household: raos, invitations: [] });
        return HttpResponse.json(raos);
      }),
    );
    const { user } = renderWithProviders(<HouseholdSection />);
    expect(await screen.findByText(/invited you to join/)).toHaveTextContent('Lakshmi Rao invited you to join The Rao family.');
    await user.click(screen.getByRole('button', { name: 'Accept the invitation to The Rao family' }));
    expect(await screen.findByRole('heading', { name: 'The Rao family' })).toBeInTheDocument();
  });

  it('asks before leaving, and shows the loading and error states', async () => {
    let left = false;
    serve({ household: { ...raos, members: [raos.members[0]] }, invitations: [] });
    server.use(
      http.post('/api/household/leave', () => {
        left = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(<HouseholdSection />);
    expect(screen.getByRole('status', { name: 'Loading your household' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Leave household' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave this household?' });
    expect(dialog).toHaveTextContent('You are its only member: the household and its invitations end.');
    await user.click(within(dialog).getByRole('button', { name: 'Leave household' }));
    await waitFor(() => expect(left).toBe(true));
  });

  it('offers Retry when the household cannot be loaded', async () => {
    let down = true;
    server.use(
      http.get('/api/household', () =>
        down ? HttpResponse.json({ message: 'down' }, { status: 500 }) : HttpResponse.json({ household: null, invitations: [] }),
      ),
    );
    const { user } = renderWithProviders(<HouseholdSection />);
    expect(await screen.findByText('Your household could not be loaded. Please try again.')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Form a household' })).toBeInTheDocument();
  });
});
