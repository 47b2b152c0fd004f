import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

describe('/sign-in', () => {
  it('validates on submit with the messages of docs/product.md#validation-rules, then on change', async () => {
    const { user } = renderApp('/sign-in');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument(); // not before the first submit
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'ok@example.org');
    await waitFor(() => expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument());
  });

  it('signs in, stores the token, toasts and follows ?redirect=', async () => {
    const member = makeUser({ firstName: 'Ravi' });
    let body: unknown = null;
    server.use(
      http.post('/api/auth/signin', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 'jwt-1', user: member });
      }),
      http.get('/api/users/me', () => HttpResponse.json(member)),
    );
    const { user } = renderApp('/sign-in?redirect=/dashboard');
    await user.type(await screen.findByLabelText(/^Email/), 'ravi@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(body).toEqual({ email: 'ravi@example.org', password: 'secret1' });
    expect(window.localStorage.getItem('authToken')).toBe('jwt-1');
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'));
  });

  it("shows the server's message on failure", async () => {
    server.use(http.post('/api/auth/signin', () => HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 })));
    const { user } = renderApp('/sign-in');
    await user.type(await screen.findByLabelText(/^Email/), 'ravi@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findAllByText('Invalid email or password')).not.toHaveLength(0);
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it("falls back to 'Failed to sign in' without a server message", async () => {
    server.use(http.post('/api/auth/signin', () => HttpResponse.error()));
    const { user } = renderApp('/sign-in');
    await user.type(await screen.findByLabelText(/^Email/), 'ravi@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findAllByText('Failed to sign in')).not.toHaveLength(0);
  });

  it('notices a verified e-mail and links to sign-up and forgot-password', async () => {
    renderApp('/sign-in?verified=1');
    expect(await screen.findByText(/has been verified/)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/sign-up');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('redirects an authenticated visitor to the redirect target, else home', async () => {
    signInAs(makeUser());
    renderApp('/sign-in?redirect=/profile');
    await waitFor(() => expect(currentLocation()).toBe('/profile'));
  });

  it('ignores redirects to other sites', async () => {
    signInAs(makeUser());
    renderApp('/sign-in?redirect=//evil.example.org');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});

describe('/sign-up', () => {
  it('validates the fields with the messages of docs/product.md#validation-rules', async () => {
    const { user } = renderApp('/sign-up');
    expect(await screen.findByRole('heading', { name: 'Create an Account' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), '123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('First name must be at least 2 characters')).toBeInTheDocument();
  });

  it('creates the account with the chosen gotram, toasts and goes to /sign-in', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post('/api/auth/signup', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ message: 'Account created! Please check your email to verify', user: makeUser() }, { status: 201 });
      }),
    );
    const { user } = renderApp('/sign-up');
    await user.type(await screen.findByLabelText(/^First name/), 'Ravi');
    await user.type(screen.getByLabelText(/^Last name/), 'Iyer');
    await user.type(screen.getByLabelText(/^Email/), 'ravi@example.org');
    await user.type(screen.getByLabelText(/^Phone number/), '9165550123');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await screen.findByRole('option', { name: 'Kashyapa - Rohini (Vrishabha)' });
    await user.selectOptions(screen.getByLabelText('Gotram'), '2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account created! Please check your email to verify')).toBeInTheDocument();
    expect(body).toEqual({ firstName: 'Ravi', lastName: 'Iyer', email: 'ravi@example.org', password: 'secret1', phoneNumber: '9165550123', gotramId: 2 });
    await waitFor(() => expect(currentLocation()).toBe('/sign-in'));
  });

  it("shows the server's message when sign-up is refused", async () => {
    server.use(http.post('/api/auth/signup', () => HttpResponse.json({ message: 'Too many attempts. Please try again in a few minutes.' }, { status: 429 })));
    const { user } = renderApp('/sign-up');
    await user.type(await screen.findByLabelText(/^First name/), 'Ravi');
    await user.type(screen.getByLabelText(/^Last name/), 'Iyer');
    await user.type(screen.getByLabelText(/^Email/), 'ravi@example.org');
    await user.type(screen.getByLabelText(/^Phone number/), '9165550123');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findAllByText('Too many attempts. Please try again in a few minutes.')).not.toHaveLength(0);
    expect(currentLocation()).toBe('/sign-up');
  });

  it('redirects signed-in members home', async () => {
    signInAs(makeUser());
    renderApp('/sign-up');
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });
});

describe('/forgot-password', () => {
  it('sends the reset e-mail and shows the generic success', async () => {
    let body: unknown = null;
    server.use(
      http.post('/api/auth/forgot-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'If an account exists for that email, a password reset link has been sent.' });
      }),
    );
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(/^Email/), 'ravi@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { name: 'Password Reset Email Sent' })).toBeInTheDocument();
    expect(body).toEqual({ email: 'ravi@example.org' });
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/sign-in');
  });

  it("toasts 'Failed to request password reset' on failure", async () => {
    server.use(http.post('/api/auth/forgot-password', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(/^Email/), 'ravi@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findAllByText('Failed to request password reset')).not.toHaveLength(0);
  });
});

describe('/reset-password', () => {
  it("shows 'Invalid Reset Link' without a token", async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Request a new reset link/ })).toHaveAttribute('href', '/forgot-password');
  });

  it("checks that the passwords match", async () => {
    const { user } = renderApp('/reset-password?token=abc');
    await user.type(await screen.findByLabelText(/^New password/), 'secret1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
  });

  it('resets the password and offers sign-in', async () => {
    let body: unknown = null;
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Your password has been reset. You can now sign in.' });
      }),
    );
    const { user } = renderApp('/reset-password?token=abc');
    await user.type(await screen.findByLabelText(/^New password/), 'secret1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Your password has been reset. You can now sign in.')).toBeInTheDocument();
    expect(body).toEqual({ token: 'abc', newPassword: 'secret1' });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
  });

  it("reports 'Failed to reset password' with the server's reason", async () => {
    server.use(http.post('/api/auth/reset-password', () => HttpResponse.json({ message: 'This reset link is invalid or has expired' }, { status: 400 })));
    const { user } = renderApp('/reset-password?token=old');
    await user.type(await screen.findByLabelText(/^New password/), 'secret1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Failed to reset password')).toBeInTheDocument();
    expect(screen.getAllByText('This reset link is invalid or has expired')).not.toHaveLength(0);
  });
});
