import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen } from '@/testing/test-utils';
import { UserManagement } from './user-management';

describe('UserManagement', () => {
  it('lists what admins can do', () => {
    renderWithProviders(<UserManagement />);
    for (const item of ['Manage events', 'Set up donation options', 'Grant admin privileges', 'Configure payment methods']) {
      expect(screen.getByText(item)).toBeInTheDocument();
    }
  });

  it('validates the e-mail before granting', async () => {
    const post = vi.fn();
    server.use(http.post('/api/admin/set-admin', () => (post(), HttpResponse.json({}))));
    const { user } = renderWithProviders(<UserManagement />);
    await user.type(screen.getByLabelText('User email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Grant Admin' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('grants admin rights', async () => {
    let body: unknown;
    server.use(
      http.post('/api/admin/set-admin', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'User priest@example.org has been granted admin privileges' });
      }),
    );
    const { user } = renderWithProviders(<UserManagement />);
    await user.type(screen.getByLabelText('User email'), 'priest@example.org');
    await user.click(screen.getByRole('button', { name: 'Grant Admin' }));
    expect(await screen.findByText('User priest@example.org has been granted admin privileges')).toBeInTheDocument();
    expect(body).toEqual({ email: 'priest@example.org' });
    expect(screen.getByLabelText('User email')).toHaveValue('');
  });

  it('shows the server message when granting fails, else the fallback', async () => {
    server.use(
      http.post('/api/admin/set-admin', () => HttpResponse.json({ message: 'No user found with that email address' }, { status: 404 })),
    );
    const { user } = renderWithProviders(<UserManagement />);
    await user.type(screen.getByLabelText('User email'), 'ghost@example.org');
    await user.click(screen.getByRole('button', { name: 'Grant Admin' }));
    expect(await screen.findByText('No user found with that email address')).toBeInTheDocument();
    server.use(http.post('/api/admin/set-admin', () => HttpResponse.text('', { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Grant Admin' }));
    expect(await screen.findByText('Failed to set admin privileges. Please try again.')).toBeInTheDocument();
  });

  it('remove does nothing for an invalid e-mail', async () => {
    const post = vi.fn();
    server.use(http.post('/api/admin/remove-admin', () => (post(), HttpResponse.json({}))));
    const { user } = renderWithProviders(<UserManagement />);
    await user.click(screen.getByRole('button', { name: 'Remove Admin' }));
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('removes admin rights, with the fallback message on failure', async () => {
    server.use(http.post('/api/admin/remove-admin', () => HttpResponse.json({ message: 'ok' })));
    const { user } = renderWithProviders(<UserManagement />);
    await user.type(screen.getByLabelText('User email'), 'old@example.org');
    await user.click(screen.getByRole('button', { name: 'Remove Admin' }));
    expect(await screen.findByText('Admin privileges have been removed from old@example.org')).toBeInTheDocument();
    server.use(http.post('/api/admin/remove-admin', () => HttpResponse.text('', { status: 500 })));
    await user.type(screen.getByLabelText('User email'), 'old@example.org');
    await user.click(screen.getByRole('button', { name: 'Remove Admin' }));
    expect(await screen.findByText('Failed to remove admin privileges. Please try again.')).toBeInTheDocument();
  });
});
