import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeStaff, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { TestProviders } from '@/testing/test-utils';
import { useAuth } from './auth';

function Probe() {
  const { user, loading, isAdmin, signIn, signOut, updateUser } = useAuth();
  return (
    <div>
      <p data-testid="state">{loading ? 'loading' : user ? `user:${user.firstName} ${user.lastName}${isAdmin ? ' admin' : ''}` : 'guest'}</p>
      <button onClick={() => signIn('tok-1', makeUser({ firstName: 'Ravi' }))}>sign in</button>
      <button onClick={() => signOut()}>sign out</button>
      <button onClick={() => updateUser({ lastName: 'Iyer' })}>rename</button>
    </div>
  );
}

const state = () => screen.getByTestId('state').textContent;

describe('auth context', () => {
  it('is loading first, then a guest when no token is stored (no request made)', async () => {
    let calls = 0;
    server.use(http.get('/api/users/me', () => { calls++; return HttpResponse.json(makeUser()); }));
    render(<TestProviders><Probe /></TestProviders>);
    expect(state()).toBe('loading');
    await waitFor(() => expect(state()).toBe('guest'));
    expect(calls).toBe(0);
  });

  it('reads GET /api/users/me at start-up when a token exists', async () => {
    window.localStorage.setItem('authToken', 'stored');
    let auth: string | null = null;
    server.use(http.get('/api/users/me', ({ request }) => {
      auth = request.headers.get('authorization');
      return HttpResponse.json(makeUser({ firstName: 'Sita', lastName: 'Ram', isAdmin: true }));
    }));
    render(<TestProviders><Probe /></TestProviders>);
    await waitFor(() => expect(state()).toBe('user:Sita Ram admin'));
    expect(auth).toBe('Bearer stored');
  });

  it('drops an expired token (401) and ends as a guest', async () => {
    window.localStorage.setItem('authToken', 'expired');
    render(<TestProviders><Probe /></TestProviders>);
    await waitFor(() => expect(state()).toBe('guest'));
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('signIn stores token and user; updateUser merges; signOut clears and toasts', async () => {
    const user = userEvent.setup();
    render(<TestProviders><Probe /></TestProviders>);
    await waitFor(() => expect(state()).toBe('guest'));

    await user.click(screen.getByText('sign in'));
    expect(state()).toBe('user:Ravi Rao');
    expect(window.localStorage.getItem('authToken')).toBe('tok-1');

    await user.click(screen.getByText('rename'));
    expect(state()).toBe('user:Ravi Iyer');

    await act(async () => {
      await user.click(screen.getByText('sign out'));
    });
    expect(state()).toBe('guest');
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully signed out.')).toBeInTheDocument();
  });

  it('signOut ends the token on the server (POST /api/auth/signout with the old bearer)', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('authToken', 'stored');
    server.use(http.get('/api/users/me', () => HttpResponse.json(makeUser({ firstName: 'Sita', lastName: 'Ram' }))));
    const ended: (string | null)[] = [];
    server.use(
      http.post('/api/auth/signout', ({ request }) => {
        ended.push(request.headers.get('authorization'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    render(<TestProviders><Probe /></TestProviders>);
    await waitFor(() => expect(state()).toBe('user:Sita Ram'));
    await user.click(screen.getByText('sign out'));
    await waitFor(() => expect(state()).toBe('guest'));
    expect(window.localStorage.getItem('authToken')).toBeNull();
    await waitFor(() => expect(ended).toEqual(['Bearer stored']));
  });

  it('signs out locally even when the server cannot end the token', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.localStorage.setItem('authToken', 'stored');
    server.use(
      http.get('/api/users/me', () => HttpResponse.json(makeUser({ firstName: 'Sita', lastName: 'Ram' }))),
      http.post('/api/auth/signout', () => HttpResponse.error()),
    );
    render(<TestProviders><Probe /></TestProviders>);
    await waitFor(() => expect(state()).toBe('user:Sita Ram'));
    await user.click(screen.getByText('sign out'));
    await waitFor(() => expect(state()).toBe('guest'));
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(await screen.findByText('You have been successfully signed out.')).toBeInTheDocument();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Server sign-out failed; signed out locally', expect.anything()));
    warn.mockRestore();
  });

  it("mirrors the account's roles and permissions: can, isStaff", async () => {
    window.localStorage.setItem('authToken', 'stored');
    server.use(http.get('/api/users/me', () => HttpResponse.json(makeStaff(['treasurer']))));
    function Access() {
      const { loading, roles, can, isStaff, isAdmin } = useAuth();
      if (loading) return <p data-testid="access">loading</p>;
      return <p data-testid="access">{`${roles.join(',')} refund:${can('refund')} staff:${can('manage_staff')} isStaff:${isStaff} isAdmin:${isAdmin}`}</p>;
    }
    render(<TestProviders><Access /></TestProviders>);
    await waitFor(() => expect(screen.getByTestId('access').textContent).toBe('treasurer refund:true staff:false isStaff:true isAdmin:false'));
  });

  it('a member holds no permission and is not staff', async () => {
    window.localStorage.setItem('authToken', 'stored');
    server.use(http.get('/api/users/me', () => HttpResponse.json(makeUser())));
    function Access() {
      const { user, permissions, isStaff } = useAuth();
      return <p data-testid="access">{user ? `${permissions.length} ${isStaff}` : 'none'}</p>;
    }
    render(<TestProviders><Access /></TestProviders>);
    await waitFor(() => expect(screen.getByTestId('access').textContent).toBe('0 false'));
  });
});
