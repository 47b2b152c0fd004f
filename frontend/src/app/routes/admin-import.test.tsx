import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeImporter } from '@/features/imports/test-data';
import { makeStaff, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

function serveImports() {
  server.use(
    http.get('/api/admin/imports', () => HttpResponse.json([])),
    http.get('/api/admin/import-mappings', () => HttpResponse.json([])),
  );
}

describe('/admin/import', () => {
  it('opens for admins, linked from the admin page', async () => {
    signInAs(makeImporter());
    serveImports();
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('link', { name: 'Import members or gifts' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import members or gifts' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/admin/import');
    expect(await screen.findByText('No imports yet.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('sends signed-out visitors to sign in and back', async () => {
    renderApp('/admin/import');
    await waitFor(() => expect(currentLocation()).toBe('/sign-in?redirect=/admin/import'));
  });

  it('sends other staff and members home, and the admin page has no link for them', async () => {
    signInAs(makeStaff(['treasurer']));
    const first = renderApp('/admin/import');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    first.unmount();
    signInAs(makeUser());
    const second = renderApp('/admin/import');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    second.unmount();
    signInAs(makeStaff(['editor']));
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import members or gifts' })).not.toBeInTheDocument();
  });
});
