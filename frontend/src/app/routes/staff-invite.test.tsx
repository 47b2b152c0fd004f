import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStaff, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, renderWithProviders, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import type { StaffInvitationPreview } from '@/types/api';
import StaffInviteRoute from './staff-invite';

const INVALID = 'This invitation link is invalid, has expired or has already been used';

function preview(overrides: Partial<StaffInvitationPreview> = {}): StaffInvitationPreview {
  return {
    email: 'padma@example.org',
    roles: ['front_desk', 'treasurer'],
    invitedBy: 'Asha Iyer',
    existingAccount: false,
    expiresAt: '2026-11-27T18:00:00Z',
    ...overrides,
  };
}

/** Answers the preview of the link with `answer` and records the tokens asked about. */
function previewAnswers(answer: () => Response) {
  const tokens: unknown[] = [];
  server.use(
    http.post('/api/staff-invitations/preview', async ({ request }) => {
      tokens.push(((await request.json()) as { token: unknown }).token);
      return answer();
    }),
  );
  return tokens;
}

/** Records the accept requests' bodies and bearer tokens, answering with `answer`. */
function acceptAnswers(answer: () => Response) {
  const calls: { body: unknown; auth: string | null }[] = [];
  server.use(
    http.post('/api/staff-invitations/accept', async ({ request }) => {
      calls.push({ body: await request.json(), auth: request.headers.get('Authorization') });
      return answer();
    }),
  );
  return calls;
}

function renderInvite(route = '/staff-invite?token=tok-1') {
  return renderWithProviders(<StaffInviteRoute />, {
    route,
    path: '/staff-invite',
    routes: {
      '/': <p>Home page</p>,
      '/admin': <p>Admin area</p>,
      '/counter': <p>Counter</p>,
      '/my-sevas': <p>My Sevas page</p>,
      '/sign-in': <p>Sign-in page</p>,
    },
  });
}

describe('/staff-invite', () => {
  it('creates the new account, signs it in and opens its first screen', async () => {
    const tokens = previewAnswers(() => HttpResponse.json(preview()));
    const created = makeStaff(['treasurer', 'front_desk'], { email: 'padma@example.org', firstName: 'Padma' });
    const calls = acceptAnswers(() => HttpResponse.json({ token: 'session-1', user: created }));
    const { user } = renderInvite();

    expect(await screen.findByRole('heading', { level: 1, name: 'Join the staff' })).toBeInTheDocument();
    expect(screen.getByText("You've been invited to join Sri Venkateswara Temple of Folsom as Treasurer and Front desk.")).toBeInTheDocument();
    expect(screen.getByText(/Asha Iyer invited/)).toHaveTextContent('Asha Iyer invited padma@example.org. It expires on Nov 27, 2026.');
    expect(tokens).toEqual(['tok-1']);
    const form = screen.getByRole('form', { name: 'Create your account' });
    expect(within(form).getByLabelText('Email')).toHaveValue('padma@example.org');
    expect(within(form).getByLabelText('Email')).toHaveAttribute('readonly');

    // Checked before sending, with the server's rules.
    await user.click(within(form).getByRole('button', { name: 'Create account and join' }));
    expect(await within(form).findByText('First name must be at least 2 characters')).toBeInTheDocument();
    expect(within(form).getByText('Last name must be at least 2 characters')).toBeInTheDocument();
    expect(within(form).getByText('Phone number is required')).toBeInTheDocument();
    expect(within(form).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(within(form).getByLabelText(/^First name/), ' Padma ');
    await user.type(within(form).getByLabelText(/^Last name/), 'Rao');
    await user.type(within(form).getByLabelText(/^Phone number/), '9165550100');
    const password = within(form).getByLabelText(/^Password/);
    await user.type(password, 'lotus-123');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(within(form).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(within(form).getByRole('button', { name: 'Create account and join' }));

    await waitFor(() => expect(currentLocation()).toBe('/counter'));
    expect(calls).toEqual([
      { body: { token: 'tok-1', firstName: 'Padma', lastName: 'Rao', phoneNumber: '9165550100', password: 'lotus-123' }, auth: null },
    ]);
    // Signed in as sign-in does: the session token stored.
    expect(window.localStorage.getItem('authToken')).toBe('session-1');
    expect(await screen.findByText('Welcome to the staff')).toBeInTheDocument();
  });

  it("shows the server's field errors on the new account's fields", async () => {
    previewAnswers(() => HttpResponse.json(preview()));
    acceptAnswers(() =>
      HttpResponse.json({ message: 'Phone number must be at most 32 characters', errors: { phoneNumber: 'Phone number must be at most 32 characters' } }, { status: 400 }),
    );
    const { user } = renderInvite();
    const form = await screen.findByRole('form', { name: 'Create your account' });
    await user.type(within(form).getByLabelText(/^First name/), 'Padma');
    await user.type(within(form).getByLabelText(/^Last name/), 'Rao');
    await user.type(within(form).getByLabelText(/^Phone number/), '9165550100');
    await user.type(within(form).getByLabelText(/^Password/), 'lotus-123');
    await user.click(within(form).getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(within(form).getByLabelText(/^Phone number/)).toHaveAccessibleDescription('Phone number must be at most 32 characters'));
    expect(currentLocation()).toBe('/staff-invite?token=tok-1');
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('asks to sign in when an account took the address meanwhile (409)', async () => {
    let existing = false;
    previewAnswers(() => HttpResponse.json(preview({ existingAccount: existing })));
    acceptAnswers(() => {
      existing = true;
      return HttpResponse.json({ message: 'An account has this address now: sign in to accept' }, { status: 409 });
    });
    const { user } = renderInvite();
    const form = await screen.findByRole('form', { name: 'Create your account' });
    await user.type(within(form).getByLabelText(/^First name/), 'Padma');
    await user.type(within(form).getByLabelText(/^Last name/), 'Rao');
    await user.type(within(form).getByLabelText(/^Phone number/), '9165550100');
    await user.type(within(form).getByLabelText(/^Password/), 'lotus-123');
    await user.click(within(form).getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByRole('link', { name: 'Sign in to accept' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('adds the roles to the signed-in account, re-reads it and opens its first screen', async () => {
    previewAnswers(() => HttpResponse.json(preview({ roles: ['priest'], existingAccount: true, email: 'Ramana@Example.org' })));
    let me = makeUser({ email: 'ramana@example.org', firstName: 'Ramana' });
    signInAs(me);
    let meReads = 0;
    server.use(
      http.get('/api/users/me', () => {
        meReads++;
        return HttpResponse.json(me);
      }),
    );
    const priest = makeStaff(['priest'], { email: 'ramana@example.org', firstName: 'Ramana' });
    const calls = acceptAnswers(() => {
      me = priest;
      return HttpResponse.json({ token: null, user: priest });
    });
    const { user } = renderInvite();

    expect(await screen.findByText("You've been invited to join Sri Venkateswara Temple of Folsom as Priest.")).toBeInTheDocument();
    expect(screen.getByText(/You are signed in as/)).toHaveTextContent('You are signed in as ramana@example.org.');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(meReads).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Accept and add these roles' }));

    await waitFor(() => expect(currentLocation()).toBe('/my-sevas'));
    expect(calls).toEqual([{ body: { token: 'tok-1' }, auth: 'Bearer test-token' }]);
    expect(meReads).toBe(2);
    // The session is the one it was.
    expect(window.localStorage.getItem('authToken')).toBe('test-token');
  });

  it('asks a signed-out visitor to sign in as the invited account and come back', async () => {
    previewAnswers(() => HttpResponse.json(preview({ roles: ['editor'], existingAccount: true })));
    const calls = acceptAnswers(() => HttpResponse.json({ message: 'not expected' }, { status: 500 }));
    const { user } = renderInvite();
    expect(await screen.findByText(/to accept\.$/)).toHaveTextContent('Sign in as padma@example.org to accept.');
    const link = screen.getByRole('link', { name: 'Sign in to accept' });
    expect(link).toHaveAttribute('href', '/sign-in?redirect=/staff-invite%3Ftoken%3Dtok-1');
    expect(screen.queryByRole('button', { name: 'Accept and add these roles' })).not.toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/staff-invite%3Ftoken%3Dtok-1'));
    // The sign-in page hands the redirect back decoded: this very link.
    expect(new URLSearchParams(currentLocation().split('?')[1]).get('redirect')).toBe('/staff-invite?token=tok-1');
    expect(calls).toEqual([]);
  });

  it('asks to sign in again when the session ended before accepting', async () => {
    previewAnswers(() => HttpResponse.json(preview({ existingAccount: true })));
    signInAs(makeUser({ email: 'padma@example.org' }));
    acceptAnswers(() => HttpResponse.json({ message: 'Authentication required' }, { status: 401 }));
    const { user } = renderInvite();
    await user.click(await screen.findByRole('button', { name: 'Accept and add these roles' }));
    expect(await screen.findByText(/Your session has ended/)).toHaveTextContent('Your session has ended. Sign in as padma@example.org to accept.');
    expect(screen.getByRole('link', { name: 'Sign in to accept' })).toBeInTheDocument();
  });

  it('offers to switch when signed in as another account', async () => {
    previewAnswers(() => HttpResponse.json(preview({ existingAccount: true })));
    signInAs(makeUser({ email: 'someone.else@example.org' }));
    const calls = acceptAnswers(() => HttpResponse.json({ message: 'not expected' }, { status: 500 }));
    const { user } = renderInvite();
    expect(await screen.findByText(/but you are signed in as/)).toHaveTextContent(
      'This invitation is for padma@example.org, but you are signed in as someone.else@example.org.',
    );
    expect(screen.queryByRole('button', { name: 'Accept and add these roles' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out and switch account' }));
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/staff-invite%3Ftoken%3Dtok-1'));
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal of another account, with the switch", async () => {
    previewAnswers(() => HttpResponse.json(preview({ existingAccount: true })));
    signInAs(makeUser({ email: 'padma@example.org' }));
    acceptAnswers(() => HttpResponse.json({ message: 'This invitation is for another account' }, { status: 403 }));
    const { user } = renderInvite();
    await user.click(await screen.findByRole('button', { name: 'Accept and add these roles' }));
    expect(await screen.findByText('This invitation is for another account')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out and switch account' })).toBeInTheDocument();
  });

  it('asks a member signed in as someone else to sign out before creating the invited account', async () => {
    previewAnswers(() => HttpResponse.json(preview()));
    signInAs(makeUser({ email: 'someone.else@example.org' }));
    const { user } = renderInvite();
    expect(await screen.findByText(/Sign out to create the invited account/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out and switch account' }));
    expect(await screen.findByRole('form', { name: 'Create your account' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/staff-invite?token=tok-1');
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('says a refused link is not valid, with a way home', async () => {
    previewAnswers(() => HttpResponse.json({ message: INVALID }, { status: 400 }));
    const { user } = renderInvite();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation not valid' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(`${INVALID}. Ask the temple's admin to send a new invitation.`);
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it('says a link without its token is not valid, without asking the server', async () => {
    const tokens = previewAnswers(() => HttpResponse.json(preview()));
    renderInvite('/staff-invite');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation not valid' })).toBeInTheDocument();
    expect(tokens).toEqual([]);
  });

  it('offers a retry when the link could not be checked', async () => {
    let fail = true;
    previewAnswers(() => (fail ? HttpResponse.json({ message: 'Something went wrong' }, { status: 500 }) : HttpResponse.json(preview())));
    const { user } = renderInvite();
    expect(await screen.findByText('The invitation could not be checked.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Create your account' })).toBeInTheDocument();
  });
});
