import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, signInAs, waitFor } from '@/testing/test-utils';
import { EmailNotVerifiedAlert } from './email-not-verified-alert';

const RESEND = '/api/auth/resend-verification';

describe('EmailNotVerifiedAlert', () => {
  it('shows the message and resends the link: busy while sending, then toasts the server message', async () => {
    signInAs(makeUser({ emailVerified: false }));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let auth: string | null = null;
    server.use(
      http.post(RESEND, async ({ request }) => {
        auth = request.headers.get('authorization');
        await gate;
        return HttpResponse.json({ message: 'A new verification link is on its way to lakshmi@example.org.' });
      }),
    );
    const { user } = renderWithProviders(<EmailNotVerifiedAlert>Verify first, please.</EmailNotVerifiedAlert>);
    expect(screen.getByRole('alert')).toHaveTextContent('Verify first, please.');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy).toBeDisabled();
    release();
    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
    expect(screen.getByText('A new verification link is on its way to lakshmi@example.org.')).toBeInTheDocument();
    expect(auth).toBe('Bearer test-token');
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
  });

  it("shows the server's message on 429 (too many requests)", async () => {
    server.use(
      http.post(RESEND, () =>
        HttpResponse.json({ message: 'Please wait 60 seconds before asking for another email.' }, { status: 429, headers: { 'Retry-After': '60' } }),
      ),
    );
    const { user } = renderWithProviders(<EmailNotVerifiedAlert role="status">Not verified.</EmailNotVerifiedAlert>);
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Please wait 60 seconds before asking for another email.')).toBeInTheDocument();
    expect(screen.getByText('Please wait a moment')).toBeInTheDocument();
  });

  it('is keyboard accessible: Tab reaches the button and Enter sends', async () => {
    let calls = 0;
    server.use(
      http.post(RESEND, () => {
        calls++;
        return HttpResponse.json({ message: 'Sent.' });
      }),
    );
    const { user } = renderWithProviders(<EmailNotVerifiedAlert>Not verified.</EmailNotVerifiedAlert>);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Sent.')).toBeInTheDocument();
    await waitFor(() => expect(calls).toBe(1));
  });
});
