import { describe, expect, it } from 'vitest';
import { useAuth } from '@/lib/auth';
import { makeUser } from '@/testing/data';
import { currentLocation, renderWithProviders, screen, signInAs, waitFor } from '@/testing/test-utils';
import { RequireAuth } from './require-auth';

function MembersOnly() {
  const { signOut } = useAuth();
  return (
    <RequireAuth>
      <p>Members only</p>
      <button type="button" onClick={() => signOut()}>
        Sign out here
      </button>
    </RequireAuth>
  );
}

describe('RequireAuth', () => {
  it('sends a visitor to sign in, coming back afterwards', async () => {
    renderWithProviders(<MembersOnly />, { route: '/profile', path: '/profile', routes: { '/sign-in': <p>Sign-in page</p> } });
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(currentLocation()).toBe('/sign-in?redirect=/profile');
  });

  it('sends a member who signs out on a members-only page home, not to sign in', async () => {
    signInAs(makeUser());
    const { user } = renderWithProviders(<MembersOnly />, { route: '/profile', path: '/profile', routes: { '/': <p>Home page</p> } });
    await user.click(await screen.findByRole('button', { name: 'Sign out here' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});
