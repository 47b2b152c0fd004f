import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import type { Texting } from '@/types/api';
import { consentText, displayPhone, TextMessagesSection } from './text-messages-section';

const none: Texting = {
  available: true,
  whatsappAvailable: false,
  phone: null,
  pendingPhone: null,
  channel: 'sms',
  kinds: [],
  timeZone: 'America/Los_Angeles',
  optedOut: false,
  accountPhone: '+19165550123',
};

describe('TextMessagesSection', () => {
  it('texts a code to the number, then verifies it with the kinds ticked and the consent shown', async () => {
    const sent: unknown[] = [];
    let state = none;
    server.use(
      http.get('/api/account/texting', () => HttpResponse.json(state)),
      http.post('/api/account/texting/code', async ({ request }) => {
        sent.push(await request.json());
        state = { ...state, pendingPhone: '+19165550123' };
        return HttpResponse.json(state);
      }),
      http.post('/api/account/texting/verify', async ({ request }) => {
        const body = (await request.json()) as { code: string; kinds: string[] };
        sent.push(body);
        if (body.code !== '123456') {
          return HttpResponse.json({ message: 'That code is not right.', errors: { code: 'That code is not right.' } }, { status: 400 });
        }
        state = { ...state, pendingPhone: null, phone: '+19165550123', kinds: body.kinds };
        return HttpResponse.json(state);
      }),
    );
    const { user } = renderWithProviders(<TextMessagesSection />, { as: makeUser() });
    const phone = await screen.findByLabelText(/Mobile number/);
    expect(phone).toHaveValue('(916) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We texted a code to/)).toBeInTheDocument();
    expect(sent[0]).toEqual({ phone: '(916) 555-0123', channel: 'sms' });
    expect(screen.getByText(/By verifying, you agree to get automated texts from/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Reminders/ }));
    await user.click(screen.getByRole('checkbox', { name: /Receipts/ }));
    await user.type(screen.getByLabelText(/Code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Code/));
    await user.type(screen.getByLabelText(/Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByText(/Texts go to/)).toBeInTheDocument());
    expect(sent[2]).toEqual({ code: '123456', kinds: ['confirmations', 'receipts'], channel: 'sms', timeZone: 'America/Los_Angeles' });
  });

  it('says when the site sends no texts, and when the number replied STOP', async () => {
    server.use(http.get('/api/account/texting', () => HttpResponse.json({ ...none, available: false })));
    const { unmount } = renderWithProviders(<TextMessagesSection />, { as: makeUser() });
    expect(await screen.findByText('Text messages are not available on this site.')).toBeInTheDocument();
    unmount();
    server.use(
      http.get('/api/account/texting', () => HttpResponse.json({ ...none, phone: '+19165550123', kinds: ['reminders'], optedOut: true })),
    );
    renderWithProviders(<TextMessagesSection />, { as: makeUser() });
    expect(await screen.findByText(/This number replied STOP/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Reminders/ })).toBeChecked();
  });

  it('formats numbers and names the temple in the consent', () => {
    expect(displayPhone('+19165550123')).toBe('(916) 555-0123');
    expect(displayPhone('+442079460958')).toBe('+442079460958');
    expect(consentText('Sri Temple')).toContain('automated texts from Sri Temple');
    expect(consentText('Sri Temple')).toContain('Msg & data rates may apply');
    expect(consentText('Sri Temple')).toContain('not a condition of any donation or booking');
  });
});
