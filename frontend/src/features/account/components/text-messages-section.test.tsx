import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeTexting, makeUser, testConfig } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { Texting } from '@/types/api';
import { consentText, displayPhone, PHONE_INVALID, TextMessagesSection } from './text-messages-section';

const none: Texting = makeTexting({ accountPhone: '+19165550123' });

/** The temple's name from the site settings, not the built-in default. */
const TEMPLE = 'Hindu Temple of Elk Grove';

/** The texting API as the server answers it, with the requests it was sent. */
function serveTexting(start: Texting) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  let state = start;
  const record = async (request: Request, path: string) => {
    const body = request.method === 'DELETE' ? null : ((await request.json()) as Record<string, unknown>);
    sent.push({ method: request.method, path, body });
    return body ?? {};
  };
  server.use(
    http.get('/api/account/texting', () => HttpResponse.json(state)),
    http.post('/api/account/texting/code', async ({ request }) => {
      const body = await record(request, 'code');
      if (body.phone === '555') {
        return HttpResponse.json({ message: 'Invalid input', errors: { phone: PHONE_INVALID } }, { status: 400 });
      }
      if (body.phone === '(916) 555-0199') {
        return HttpResponse.json({ message: "The temple's texts for this month are used up. Please try again next month." }, { status: 409 });
      }
      state = { ...state, pendingPhone: '+19165550123' };
      return HttpResponse.json(state);
    }),
    http.post('/api/account/texting/verify', async ({ request }) => {
      const body = (await record(request, 'verify')) as { code: string; kinds: string[]; timeZone: string };
      if (body.code !== '123456') {
        const message = 'That code is not right. Check the text and try again.';
        return HttpResponse.json({ message, errors: { code: message } }, { status: 400 });
      }
      state = { ...state, pendingPhone: null, phone: '+19165550123', accountPhone: null, kinds: body.kinds, timeZone: body.timeZone };
      return HttpResponse.json(state);
    }),
    http.put('/api/account/texting', async ({ request }) => {
      const body = (await record(request, 'update')) as { kinds: string[]; timeZone: string };
      state = { ...state, kinds: body.kinds, timeZone: body.timeZone };
      return HttpResponse.json(state);
    }),
    http.delete('/api/account/texting', async ({ request }) => {
      await record(request, 'remove');
      state = { ...none };
      return HttpResponse.json(state);
    }),
  );
  return sent;
}

describe('TextMessagesSection', () => {
  it('texts a code to the number, verifies it with the kinds ticked and the consent shown, then saves and removes', async () => {
    const sent = serveTexting(none);
    server.use(http.get('/api/config', () => HttpResponse.json({ ...testConfig, templeName: TEMPLE })));
    const { user } = renderWithProviders(<TextMessagesSection />, { as: makeUser() });

    // No number: the account's phone is offered; there is no channel to choose without WhatsApp.
    const phone = await screen.findByRole('textbox', { name: /Mobile number/ });
    expect(phone).toHaveValue('(916) 555-0123');
    expect(screen.queryByRole('radio', { name: 'WhatsApp' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We texted a code to/)).toHaveTextContent('We texted a code to (916) 555-0123. It works for 10 minutes.');
    expect(sent[0]).toEqual({ method: 'POST', path: 'code', body: { phone: '(916) 555-0123', channel: 'sms' } });

    // The code's form: the code (focused, as the form it replaces was in use), the kinds (none
    // ticked: consent is given, not assumed), the zone, the consent word for word.
    const code = screen.getByRole('textbox', { name: /Code/ });
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    for (const kind of ['Confirmations', 'Reminders', 'Receipts']) {
      expect(screen.getByRole('checkbox', { name: new RegExp(kind) })).not.toBeChecked();
    }
    expect(screen.getByRole('checkbox', { name: /Confirmations/ })).toHaveAccessibleName(/Registrations and seva bookings/);
    expect(screen.getByText(consentText(TEMPLE))).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'My time zone' })).toHaveTextContent('Pacific (Los Angeles)');

    // A code that is not six digits is not sent; a wrong one is the server's message by the field, and nothing typed is lost.
    await user.click(screen.getByRole('checkbox', { name: /Confirmations/ }));
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code we texted you')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Check the text and try again.')).toBeInTheDocument();
    expect(code).toHaveValue('000000');
    expect(code).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: /Confirmations/ })).toBeChecked();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('combobox', { name: 'My time zone' }));
    await user.click(await screen.findByRole('option', { name: 'Eastern (New York)' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/Texts go to/)).toHaveTextContent('Texts go to (916) 555-0123.');
    expect(sent[2]).toEqual({
      method: 'POST',
      path: 'verify',
      body: { code: '123456', kinds: ['confirmations'], channel: 'sms', timeZone: 'America/New_York' },
    });

    // Verified: the kinds and the zone are the saved ones, and may change.
    expect(screen.getByRole('checkbox', { name: /Confirmations/ })).toBeChecked();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Confirmations/ })).toHaveFocus());
    expect(screen.getByRole('combobox', { name: 'My time zone' })).toHaveTextContent('Eastern (New York)');
    await user.click(screen.getByRole('checkbox', { name: /Receipts/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent[3]).toEqual({
        method: 'PUT',
        path: 'update',
        body: { kinds: ['confirmations', 'receipts'], channel: 'sms', timeZone: 'America/New_York' },
      }),
    );
    expect(await screen.findByRole('checkbox', { name: /Receipts/ })).toBeChecked();

    // Removing asks first.
    await user.click(screen.getByRole('button', { name: 'Remove number' }));
    expect(await screen.findByText(/Remove \(916\) 555-0123\?/)).toBeInTheDocument();
    expect(sent).toHaveLength(4);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove number' })).toHaveFocus());
    await user.keyboard('{Enter}');
    const confirm = await screen.findByText(/Remove \(916\) 555-0123\?/);
    await user.click(within(confirm.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Send code' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Mobile number/ })).toHaveFocus());
    expect(sent[4]).toEqual({ method: 'DELETE', path: 'remove', body: null });
  });

  it("shows the server's refusals by the number or in an alert, keeping what was typed, and sends a new code", async () => {
    const sent = serveTexting({ ...none, accountPhone: null, whatsappAvailable: true });
    const { user } = renderWithProviders(<TextMessagesSection />, { as: makeUser() });
    const phone = await screen.findByRole('textbox', { name: /Mobile number/ });
    expect(phone).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(PHONE_INVALID)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(phone, '555');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(phone).toHaveAccessibleDescription(PHONE_INVALID));
    expect(phone).toHaveValue('555');

    await user.clear(phone);
    await user.type(phone, '(916) 555-0199');
    await user.click(screen.getByRole('radio', { name: 'WhatsApp' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("The temple's texts for this month are used up. Please try again next month.");
    expect(phone).toHaveValue('(916) 555-0199');
    expect(sent[1]).toEqual({ method: 'POST', path: 'code', body: { phone: '(916) 555-0199', channel: 'whatsapp' } });

    await user.clear(phone);
    await user.type(phone, '916-555-0123');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We texted a code to/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Reminders/ }));
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(sent[3]).toEqual({ method: 'POST', path: 'code', body: { phone: '+19165550123', channel: 'sms' } });
    expect(screen.getByRole('checkbox', { name: /Reminders/ })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Use another number' }));
    expect(await screen.findByRole('textbox', { name: /Mobile number/ })).toHaveValue('(916) 555-0123');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/We texted a code to/)).toBeInTheDocument();
  });

  it('says when the site sends no texts, and when the number replied STOP', async () => {
    server.use(http.get('/api/account/texting', () => HttpResponse.json({ ...none, available: false })));
    const { unmount } = renderWithProviders(<TextMessagesSection />, { as: makeUser() });
    expect(await screen.findByText('Text messages are not available on this site.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    unmount();
    server.use(
      http.get('/api/account/texting', () =>
        HttpResponse.json({ ...none, phone: '+19165550123', kinds: ['reminders'], timeZone: 'Asia/Kolkata', optedOut: true }),
      ),
    );
    renderWithProviders(<TextMessagesSection />, { as: makeUser() });
    expect(await screen.findByText("This number replied STOP. Text START to the temple's number to get texts again.")).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Reminders/ })).toBeChecked();
    // A zone of their own that is not a US one is kept and shown.
    expect(screen.getByRole('combobox', { name: 'My time zone' })).toHaveTextContent('Asia/Kolkata');
  });

  it('formats numbers and names the temple in the consent', () => {
    expect(displayPhone('+19165550123')).toBe('(916) 555-0123');
    expect(displayPhone('+442079460958')).toBe('+442079460958');
    expect(displayPhone(null)).toBe('');
    expect(consentText('Sri Temple')).toBe(
      'By verifying, you agree to get automated texts from Sri Temple about what you tick. Msg & data rates may apply. Message frequency varies. ' +
        'Reply STOP to opt out, HELP for help. Agreeing is not a condition of any donation or booking.',
    );
  });
});
