import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, renderWithProviders, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { SignOutEverywhereSection } from './sign-out-everywhere';

function setup() {
  signInAs(makeUser());
  const calls = { everywhere: [] as (string | null)[], single: 0 };
  server.use(
    http.post('/api/auth/signout-everywhere', ({ request }) => {
      calls.everywhere.push(request.headers.get('authorization'));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/auth/signout', () => {
      calls.single++;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { ...renderWithProviders(<SignOutEverywhereSection />, { route: '/profile' }), calls };
}

describe('SignOutEverywhereSection', () => {
  it('has a heading and asks for confirmation; Cancel changes nothing', async () => {
    const { user, calls } = setup();
    expect(screen.getByRole('heading', { name: 'Sign out everywhere' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.everywhere).toHaveLength(0);
    expect(window.localStorage.getItem('authToken')).toBe('test-token');
  });

  it('ends every session, signs out here, toasts and goes home', async () => {
    const { user, calls } = setup();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Signed out everywhere')).toBeInTheDocument();
    expect(screen.getByText('Every session of your account has been ended.')).toBeInTheDocument();
    expect(calls.everywhere).toEqual(['Bearer test-token']);
    // The token is already ended on the server: no second sign-out call.
    expect(calls.single).toBe(0);
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(currentLocation()).toBe('/');
  });

  it('stays signed in and shows the error when the server refuses', async () => {
    const { user } = setup();
    server.use(http.post('/api/auth/signout-everywhere', () => HttpResponse.json({ message: 'Try again later.' }, { status: 503 })));
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Try again later.')).toBeInTheDocument();
    expect(screen.getByText('Sign out failed')).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBe('test-token');
  });
});
