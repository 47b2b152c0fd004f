import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent, makeUser, makeVolunteer } from '@/testing/data';
import { emailNotVerifiedResponse, NOT_VERIFIED_MESSAGE } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, signInAs, waitFor, within } from '@/testing/test-utils';
import { VolunteerDialog } from './volunteer-dialog';

const event = makeEvent({ id: 'ev-1', name: 'Ugadi' });
const member = makeUser({ firstName: 'Lakshmi', lastName: 'Rao', email: 'lakshmi@example.org', phoneNumber: '9165550100' });

function setup(existing: ReturnType<typeof makeVolunteer> | null = null) {
  signInAs(member);
  server.use(
    http.get('/api/events/ev-1/volunteers/me', () =>
      existing ? HttpResponse.json(existing) : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
    ),
    http.get('/api/events/ev-1/volunteers/count', () => HttpResponse.json({ count: 1 })),
  );
  const onClose = vi.fn();
  return { ...renderWithProviders(<VolunteerDialog open onClose={onClose} event={event} />), onClose };
}

async function choose(user: ReturnType<typeof renderWithProviders>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(label) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('VolunteerDialog', () => {
  it('starts with the intro, goes to the form and Back returns', async () => {
    const { user } = setup();
    expect(await screen.findByRole('button', { name: 'Sign Up to Volunteer' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Volunteer for Event' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Up to Volunteer' }));
    // prefilled from the member's profile
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Lakshmi Rao');
    expect(screen.getByLabelText(/Contact email/)).toHaveValue('lakshmi@example.org');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Sign Up to Volunteer' })).toBeInTheDocument();
  });

  it("lists the fields to fix in a 'Please fix form errors' toast", async () => {
    const post = vi.fn();
    server.use(http.post('/api/events/ev-1/volunteers', () => (post(), HttpResponse.json({}))));
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Sign Up to Volunteer' }));
    await user.clear(screen.getByLabelText(/Contact number/));
    await user.type(screen.getByLabelText(/Contact number/), '12345');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // The dialog marks the rest of the page (and so the toast) aria-hidden while it is open.
    const toast = await screen.findByRole('alert', { hidden: true }, { timeout: 2000 });
    await waitFor(() => expect(toast).toHaveTextContent('Please fix form errors'));
    expect(toast).toHaveTextContent('Contact number, Contact preference, Volunteer preference, Availability');
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('registers the member as a volunteer', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/events/ev-1/volunteers', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(makeVolunteer({ eventId: 'ev-1' }), { status: 201 });
      }),
    );
    const { user, onClose } = setup();
    await user.click(await screen.findByRole('button', { name: 'Sign Up to Volunteer' }));
    await choose(user, 'Contact preference', 'WhatsApp');
    await choose(user, 'Availability', 'Morning');
    await choose(user, 'Volunteer preference', 'Logistics');
    await user.click(screen.getByRole('checkbox', { name: 'I need a volunteer certificate' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(body).toEqual({
      eventId: 'ev-1',
      name: 'Lakshmi Rao',
      contactNumber: '9165550100',
      contactEmail: 'lakshmi@example.org',
      contactPreference: 'whatsapp',
      volunteerPreference: 'logistics',
      availability: 'morning',
      needsCertificate: true,
      additionalNotes: null,
    });
  });

  it('reports a failed registration', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('/api/events/ev-1/volunteers', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const { user, onClose } = setup();
    await user.click(await screen.findByRole('button', { name: 'Sign Up to Volunteer' }));
    await choose(user, 'Contact preference', 'Email');
    await choose(user, 'Availability', 'Either');
    await choose(user, 'Volunteer preference', 'Any role');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to register as volunteer. Please try again.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the existing record and cancels it', async () => {
    const existing = makeVolunteer({ id: 'vol-1', eventId: 'ev-1', name: 'Lakshmi Rao', volunteerPreference: 'ritvik' });
    const deleted = vi.fn();
    server.use(http.delete('/api/events/ev-1/volunteers/vol-1', () => (deleted(), new HttpResponse(null, { status: 204 }))));
    const { user, onClose } = setup(existing);
    const dialog = await screen.findByRole('dialog', { name: 'Manage Volunteer Status' });
    expect(within(dialog).getByText('Ritvik (assisting the priests)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel Volunteering' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel' }));
    await waitFor(() => expect(deleted).toHaveBeenCalled());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('reports a failed cancellation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const existing = makeVolunteer({ id: 'vol-2', eventId: 'ev-1' });
    server.use(http.delete('/api/events/ev-1/volunteers/vol-2', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const { user } = setup(existing);
    await user.click(await screen.findByRole('button', { name: 'Cancel Volunteering' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Cancel' }));
    expect(await screen.findByText('Failed to cancel volunteer registration. Please try again.')).toBeInTheDocument();
  });

  it("shows the server's message with the resend action when the e-mail is not verified (403)", async () => {
    server.use(http.post('/api/events/ev-1/volunteers', () => emailNotVerifiedResponse()));
    const { user, onClose } = setup();
    await user.click(await screen.findByRole('button', { name: 'Sign Up to Volunteer' }));
    await choose(user, 'Contact preference', 'Email');
    await choose(user, 'Availability', 'Either');
    await choose(user, 'Volunteer preference', 'Any role');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(NOT_VERIFIED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to register as volunteer. Please try again.')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
