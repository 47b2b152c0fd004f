import { test, expect } from '../support/fixtures';
import { api, newMember, signIn, signUp, uniqueEmail, type User } from '../support/api';
import { resetLink, verificationLink } from '../support/outbox';
import { expectToast } from '../support/ui';

type Gotram = { id: number; gotranamalu: string; nakshtram: string; rasi: string };

test('sign up, verify the e-mail from the outbox, sign in and set a gotram on the profile', async ({ page }) => {
  const email = uniqueEmail('signup');
  const password = 'om-namo-123';

  await page.goto('/sign-up');
  await expect(page.getByText('Create an Account')).toBeVisible();
  // Validation runs on submit with the messages of docs/product.md#validation-rules.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Phone number is required')).toBeVisible();

  await page.getByLabel('First name').fill('Padma');
  await page.getByLabel('Last name').fill('Venkatesan');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('9165550123');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Account created! Please check your email to verify');
  await expect(page).toHaveURL(/\/sign-in/);

  // The verification link from the outbox verifies the address and lands on sign-in.
  const link = await verificationLink(email);
  expect(link.startsWith(process.env.MANDIR_E2E_BASE_URL!)).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(/\/sign-in\?verified=1/);
  await expect(page.getByText('Welcome Back')).toBeVisible();
  // The link works once.
  const again = await fetch(link, { redirect: 'manual' });
  expect(again.headers.get('location')).toContain('verified=0');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Welcome back!');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'View Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const session = await signIn(email, password);
  expect(session.user.emailVerified).toBe(true);

  // Profile: no gotram yet, then choose one.
  await page.goto('/profile');
  await expect(page.getByText('No gotram selected')).toBeVisible();
  await expect(page.getByText(/Member since [A-Z][a-z]+ \d{4}/)).toBeVisible();
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  const gotrams = await api<Gotram[]>('GET', '/api/gotrams');
  expect(gotrams.length).toBeGreaterThan(0);
  const g = gotrams[Math.min(7, gotrams.length - 1)];
  const text = `${g.gotranamalu} - ${g.nakshtram} (${g.rasi})`;
  // Two searchable lists: the gotra, then (when it has more than one) its nakshatram and rasi.
  await page.getByRole('combobox', { name: 'Gotra' }).fill(g.gotranamalu);
  await page.getByRole('option', { name: g.gotranamalu, exact: true }).click();
  if (gotrams.filter((o) => o.gotranamalu === g.gotranamalu).length > 1) {
    const star = page.getByRole('combobox', { name: 'Nakshatram and rasi' });
    await star.click();
    await page.getByRole('option', { name: `${g.nakshtram} (${g.rasi})`, exact: true }).click();
  }
  await page.getByLabel('First name').fill('Padmavathi');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile updated!', 'Your profile information has been updated successfully.');
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Padmavathi Venkatesan' })).toBeVisible();
  await page.reload();
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  const me = await api<User & { gotram: Gotram | null }>('GET', '/api/users/me', { token: session.token });
  expect(me.gotramId).toBe(g.id);
  expect(me.firstName).toBe('Padmavathi');

  // The other tabs.
  await page.getByRole('tab', { name: 'My Events' }).click();
  await expect(page.getByText("You haven't registered for any events yet.")).toBeVisible();
  await page.getByRole('tab', { name: 'Account Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My data' })).toBeVisible();

  // Profile validation.
  await page.getByRole('tab', { name: 'Edit Profile' }).click();
  await page.getByLabel('First name').fill('P');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();

  // Sign out from the user menu.
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expectToast(page, 'Signed out', 'You have been successfully signed out.');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('authToken'))).toBeNull();
});

test('forgot password, reset from the outbox link, sign in with the new password', async ({ page }) => {
  const member = await signUp({ firstName: 'Gopal', lastName: 'Krishnan' });
  const newPassword = 'fresh-pass-456';

  await page.goto('/sign-in');
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.getByLabel('Email').fill(member.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectToast(page, 'Password Reset Email Sent');
  await expect(page.getByRole('link', { name: /sign in/i }).last()).toHaveAttribute('href', '/sign-in');

  const link = await resetLink(member.email);
  expect(link.startsWith(`${process.env.MANDIR_E2E_BASE_URL}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill('something-else');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  // Success: the form gives way to a message and a sign-in button.
  await expect(page.getByRole('main').getByText(/password has been reset/i)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);
  const signInButton = page.getByRole('main').getByRole('link', { name: /sign in/i });
  await expect(signInButton).toBeVisible();
  await signInButton.click();
  await expect(page).toHaveURL(/\/sign-in/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await page.getByLabel(/^Password/).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Welcome back!');
  await expect(page).toHaveURL(/\/$/);

  // The reset link works only once.
  await page.goto('/');
  const reuse = await fetch(`${process.env.MANDIR_E2E_BASE_URL}/api/auth/reset-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: new URL(link).searchParams.get('token'), newPassword: 'third-pass-789' }),
  });
  expect(reuse.status).toBe(400);
});

test("reset password without a token shows 'Invalid Reset Link'", async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid Reset Link')).toBeVisible();
  await expect(page.locator('a[href="/forgot-password"]').first()).toBeVisible();
  await page.locator('a[href="/forgot-password"]').first().click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('sign-in redirects back to the requested page, and away when already signed in', async ({ page }) => {
  const member = await signUp();
  await page.goto('/sign-in?redirect=/dashboard');
  await expect(page.getByText('Welcome Back')).toBeVisible();
  await expect(page.getByRole('link', { name: /sign up/i }).last()).toHaveAttribute('href', '/sign-up');
  await expect(page.getByRole('link', { name: /forgot/i })).toHaveAttribute('href', '/forgot-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // Already authenticated: /sign-in and /sign-up move on.
  await page.goto('/sign-in?redirect=/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/sign-up');
  await expect(page).toHaveURL(/\/$/);

});

test('a member (not an admin) is sent from /admin to /', async ({ page, signInAs }) => {
  await signInAs(await newMember());
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveCount(0);
});
