import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeAttendee, makeEvent, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { UserEventWithCode } from '../api/get-user-events';
import { MyRegistrationsList, offersCheckInCode } from './dashboard-events';
import { qrImageSrc } from './check-in-code-dialog';

const member = makeUser({ id: 'u-1' });
const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><rect width="29" height="29" fill="#fff"/><path d="M4 4h7v7H4z"/></svg>';

function registration(name: string, eventDate: string, code: string): UserEventWithCode {
  const event = makeEvent({ name, eventDate });
  return { event, attendee: { ...makeAttendee({ eventId: event.id, userId: 'u-1' }), confirmationCode: code } };
}

/** The server draws the registration's QR code when the dialog opens (or fails with `status`). */
function qrCodes(status = 200) {
  const asked: string[] = [];
  server.use(
    http.get('/api/events/:id/attendee/qr', ({ params }) => {
      asked.push(String(params.id));
      return status === 200
        ? new HttpResponse(QR_SVG, { headers: { 'Content-Type': 'image/svg+xml' } })
        : HttpResponse.json({ message: 'unexpected failure' }, { status });
    }),
  );
  return asked;
}

describe('MyRegistrationsList: the check-in code', () => {
  it('shows an upcoming registration’s QR code and confirmation code to show at the door', async () => {
    const diwali = registration('Diwali Mela', '2099-11-09T01:00:00Z', 'ABCD-2345');
    const past = registration('Holi 2020', '2020-03-10T18:00:00Z', 'WXYZ-7788');
    server.use(http.get('/api/users/u-1/events', () => HttpResponse.json([diwali, past])));
    const asked = qrCodes();
    const { user } = renderWithProviders(<MyRegistrationsList userId="u-1" />, { as: member });

    await user.click(await screen.findByRole('button', { name: 'Check-in code: Diwali Mela' }));
    // The past event's registration offers none.
    expect(screen.queryByRole('button', { name: 'Check-in code: Holi 2020' })).not.toBeInTheDocument();

    const dialog = await screen.findByRole('dialog', { name: 'Check-in code' });
    const qr = await within(dialog).findByRole('img', { name: 'Check-in QR code for Diwali Mela' });
    expect(qr).toHaveAttribute('src', `data:image/svg+xml;utf8,${encodeURIComponent(QR_SVG)}`);
    expect(asked).toEqual([diwali.event.id]);
    expect(within(dialog).getByText('ABCD-2345')).toBeInTheDocument();
    expect(within(dialog).getByText('Show this at the door')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the code alone, and says so, when the QR code cannot be loaded', async () => {
    const diwali = registration('Diwali Mela', '2099-11-09T01:00:00Z', 'ABCD-2345');
    server.use(http.get('/api/users/u-1/events', () => HttpResponse.json([diwali])));
    qrCodes(500);
    const { user } = renderWithProviders(<MyRegistrationsList userId="u-1" />, { as: member });
    await user.click(await screen.findByRole('button', { name: 'Check-in code: Diwali Mela' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check-in code' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The QR code could not be loaded: show the code below instead.');
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    expect(within(dialog).getByText('ABCD-2345')).toBeInTheDocument();
  });
});

describe('offersCheckInCode', () => {
  const now = Date.parse('2030-11-09T12:00:00Z');
  it('offers the code until 12 hours after the event started, when it has one', () => {
    expect(offersCheckInCode(registration('Later', '2030-11-10T01:00:00Z', 'ABCD-2345'), now)).toBe(true);
    expect(offersCheckInCode(registration('This morning', '2030-11-09T02:00:00Z', 'ABCD-2345'), now)).toBe(true);
    expect(offersCheckInCode(registration('Yesterday', '2030-11-08T23:00:00Z', 'ABCD-2345'), now)).toBe(false);
    expect(offersCheckInCode(registration('No code', '2030-11-10T01:00:00Z', ''), now)).toBe(false);
  });

  it('makes an image address of the SVG', () => {
    expect(qrImageSrc('<svg a="b"/>')).toBe('data:image/svg+xml;utf8,%3Csvg%20a%3D%22b%22%2F%3E');
  });
});
