import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeAttendee, makeEvent, makeUser } from '@/testing/data';
import { emailNotVerifiedResponse, NOT_VERIFIED_MESSAGE } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, signInAs, waitFor } from '@/testing/test-utils';
import { RegistrationDialog } from './registration-dialog';

const event = makeEvent({ id: 'ev-1', name: 'Diwali Celebration' });

function setup(props: Partial<React.ComponentProps<typeof RegistrationDialog>> = {}) {
  signInAs(makeUser());
  server.use(
    http.get('/api/events/ev-1', () => HttpResponse.json(event)),
    http.get('/api/events/ev-1/attendee', () => HttpResponse.json({ message: 'Not registered' }, { status: 404 })),
    http.get('/api/users/:id/events', () => HttpResponse.json([])),
  );
  const onClose = vi.fn();
  const utils = renderWithProviders(
    <RegistrationDialog open onClose={onClose} event={event} mode="register" {...props} />,
  );
  return { ...utils, onClose };
}

describe('RegistrationDialog', () => {
  it('is an accessible dialog with family members defaulting to 0', () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Register for Diwali Celebration' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByLabelText('Number of family members')).toHaveValue(0);
    expect(screen.getByLabelText('Number of family members')).toHaveFocus();
  });

  it('validates the number of family members', async () => {
    const { user } = setup();
    const field = screen.getByLabelText('Number of family members');
    await user.clear(field);
    await user.type(field, '-2');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Number of family members must be 0 or more')).toBeInTheDocument();
  });

  it('registers, toasts and moves to the donation step', async () => {
    let body: unknown;
    server.use(
      http.post('/api/events/ev-1/register', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeAttendee({ eventId: 'ev-1', numberOfFamilyMembers: 3 }), { status: 201 });
      }),
    );
    const renderDonationStep = vi.fn((done: () => void) => (
      <button type="button" onClick={done}>
        Skip
      </button>
    ));
    const { user, onClose } = setup({ renderDonationStep });
    const field = screen.getByLabelText('Number of family members');
    await user.clear(field);
    await user.type(field, '3');
    await user.type(screen.getByLabelText('Additional notes'), 'Vegetarian meals');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    expect(body).toEqual({ numberOfFamilyMembers: 3, additionalNotes: 'Vegetarian meals' });
    expect(await screen.findByRole('dialog', { name: 'Make a Donation' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('counts the saved family members ticked as coming, and typed ones too', async () => {
    let body: unknown;
    const saved = (id: string, name: string, relation: string | null) => ({
      id, name, relation, gotram: null, nakshatram: null, rasi: null, birthDate: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
    });
    server.use(
      http.get('/api/users/me/family', () => HttpResponse.json([saved('f-1', 'Lakshmi', 'wife'), saved('f-2', 'Arjun', null)])),
      http.post('/api/events/ev-1/register', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeAttendee({ eventId: 'ev-1', numberOfFamilyMembers: 2 }), { status: 201 });
      }),
    );
    const { user } = setup();
    const family = await screen.findByRole('group', { name: 'From your saved family members' });
    const count = screen.getByLabelText('Number of family members');
    await user.click(screen.getByRole('checkbox', { name: 'Lakshmi (wife)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Arjun' }));
    expect(count).toHaveValue(2);
    await user.click(screen.getByRole('checkbox', { name: 'Arjun' }));
    expect(count).toHaveValue(1);
    // A cousin not saved in the profile is typed in on top.
    await user.clear(count);
    await user.type(count, '2');
    expect(family).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(body).toEqual({ numberOfFamilyMembers: 2, additionalNotes: null }));
  });

  it('shows the server message when registration fails and stays open', async () => {
    server.use(
      http.post('/api/events/ev-1/register', () => HttpResponse.json({ message: 'This event is full' }, { status: 400 })),
    );
    const { user, onClose } = setup();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('This event is full')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });

  it("falls back to 'Something went wrong. Please try again.'", async () => {
    server.use(http.post('/api/events/ev-1/register', () => HttpResponse.text('', { status: 500 })));
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it('update mode reads the registration, saves with PUT and closes', async () => {
    signInAs(makeUser());
    let put: unknown;
    server.use(
      http.get('/api/events/ev-1', () => HttpResponse.json(event)),
      http.get('/api/users/:id/events', () => HttpResponse.json([])),
      http.get('/api/events/ev-1/attendee', () =>
        HttpResponse.json(makeAttendee({ eventId: 'ev-1', numberOfFamilyMembers: 2, additionalNotes: 'Two kids' })),
      ),
      http.put('/api/events/ev-1/attendee', async ({ request }) => {
        put = await request.json();
        return HttpResponse.json(makeAttendee({ numberOfFamilyMembers: 4 }));
      }),
    );
    const onClose = vi.fn();
    const renderDonationStep = vi.fn(() => null);
    const { user } = renderWithProviders(
      <RegistrationDialog open onClose={onClose} event={event} mode="update" renderDonationStep={renderDonationStep} />,
    );
    expect(screen.getByRole('dialog', { name: 'Update Your Registration' })).toBeInTheDocument();
    const field = await screen.findByLabelText('Number of family members');
    expect(field).toHaveValue(2);
    expect(screen.getByLabelText('Additional notes')).toHaveValue('Two kids');
    await user.clear(field);
    await user.type(field, '4');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Information updated!')).toBeInTheDocument();
    expect(put).toEqual({ numberOfFamilyMembers: 4, additionalNotes: 'Two kids' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(renderDonationStep).not.toHaveBeenCalled();
  });

  it('closes on Escape', async () => {
    const { user, onClose } = setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's message with the resend action when the e-mail is not verified (403)", async () => {
    let resent = 0;
    server.use(
      http.post('/api/events/ev-1/register', () => emailNotVerifiedResponse()),
      http.post('/api/auth/resend-verification', () => (resent++, HttpResponse.json({ message: 'Verification email sent again.' }))),
    );
    const { user, onClose } = setup();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NOT_VERIFIED_MESSAGE);
    expect(screen.queryByText('Registration failed')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Verification email sent again.')).toBeInTheDocument();
    expect(resent).toBe(1);
  });
});
