import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStaff, makeUser, testConfig } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

describe('app shell', () => {
  it('shows the temple name from /api/config and the guest navigation', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ templeName: 'Shiva Vishnu Mandir', paymentProvider: 'sandbox', stripePublishableKey: null, zelle: { recipient: 'x', memo: 'y' } })));
    renderApp('/');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByText('Shiva Vishnu Mandir')).toBeInTheDocument();
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Donate' })).toHaveAttribute('href', '/donate');
    expect(await within(banner).findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
    expect(within(banner).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up');
  });

  it('shows Dashboard for members and Admin for admins, with the user menu', async () => {
    signInAs(makeUser({ isAdmin: true, firstName: 'Gita', lastName: 'Nair' }));
    const { user } = renderApp('/');
    const banner = screen.getByRole('banner');
    const menuButton = await within(banner).findByRole('button', { name: 'GN, open user menu' });
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(within(banner).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();

    await user.click(menuButton);
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(menu).getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByText('You have been successfully signed out.')).toBeInTheDocument();
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(await within(banner).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows Admin to staff who are not admins', async () => {
    signInAs(makeStaff(['front_desk'], { firstName: 'Gita', lastName: 'Nair' }));
    const { user } = renderApp('/');
    const banner = screen.getByRole('banner');
    const menuButton = await within(banner).findByRole('button', { name: 'GN, open user menu' });
    expect(within(within(banner).getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await user.click(menuButton);
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(within(menu).getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(within(menu).queryByRole('menuitem', { name: 'My Sevas' })).not.toBeInTheDocument();
  });

  it("hides Admin from members who are not admins", async () => {
    signInAs(makeUser({ isAdmin: false }));
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'LR, open user menu' }));
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(within(menu).queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it("switches the theme and stores it under 'vite-ui-theme'", async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: /Theme: light/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Dark/ }));
    await waitFor(() => expect(window.localStorage.getItem('vite-ui-theme')).toBe('dark'));
    expect(screen.getByRole('button', { name: /Theme: dark/ })).toBeInTheDocument();
  });

  it('opens the menu drawer with the navigation', async () => {
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('presentation');
    expect(within(drawer).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
    expect(within(drawer).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('renders the footer from the site settings: set social links only, contact links, no placeholders', async () => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    const socials = await within(footer).findByRole('list', { name: 'Social media' });
    expect(within(socials).getByRole('link', { name: 'Facebook (opens in a new tab)' })).toHaveAttribute('href', 'https://facebook.com/test-temple');
    expect(within(socials).queryByRole('link', { name: /Instagram/ })).not.toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: '(916) 555-0100' })).toHaveAttribute('href', 'tel:9165550100');
    expect(within(footer).getByText(/12 Test Street, Folsom, CA 95630/)).toBeInTheDocument();
    expect(within(footer).queryByText(/1000 Temple Way|temple\.example\.org/)).not.toBeInTheDocument();
  });

  it('shows the not-found page for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(currentLocation()).toBe('/no/such/page');
  });

  it('shows unverified members the verification banner below the header, with the resend action', async () => {
    signInAs(makeUser({ emailVerified: false, email: 'new@example.org' }));
    server.use(http.post('/api/auth/resend-verification', () => HttpResponse.json({ message: 'A new link is on its way.' })));
    const { user } = renderApp('/');
    const notice = await screen.findByText('Your email is not verified yet');
    const banner = notice.closest('[role="status"]') as HTMLElement;
    expect(banner).toHaveTextContent('new@example.org');
    expect(banner).toHaveTextContent(/Registering for events, volunteering and event donations need a verified email/);
    // Below the header, outside the page content.
    expect(screen.getByRole('banner').compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('main')).not.toContainElement(banner);
    await user.click(within(banner).getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('A new link is on its way.')).toBeInTheDocument();
  });

  it('shows no verification banner to verified members or visitors', async () => {
    signInAs(makeUser({ emailVerified: true }));
    renderApp('/');
    await screen.findByRole('button', { name: 'LR, open user menu' });
    expect(screen.queryByText('Your email is not verified yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
  });

  it('shows the staging banner on every page when the config says staging', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ ...testConfig, environment: 'production', staging: true })));
    const { user } = renderApp('/');
    const staging = await screen.findByText('Staging site — card payments are simulated and no money is taken.');
    expect(staging).toHaveAttribute('role', 'status');
    expect(screen.getByRole('main')).not.toContainElement(staging);
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Events' }));
    await waitFor(() => expect(currentLocation()).toBe('/events'));
    expect(screen.getByText(/^Staging site/)).toBeInTheDocument();
  });

  it('shows no staging banner otherwise', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ ...testConfig, environment: 'production', staging: false })));
    renderApp('/');
    expect(await within(screen.getByRole('banner')).findByText(testConfig.templeName)).toBeInTheDocument();
    expect(screen.queryByText(/^Staging site/)).not.toBeInTheDocument();
  });
});
