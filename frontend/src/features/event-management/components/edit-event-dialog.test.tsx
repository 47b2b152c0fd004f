import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import { changedFields, EditEventDialog } from './edit-event-dialog';

const event = makeEvent({
  id: 'ev-9',
  name: 'Ugadi',
  description: 'New year celebration',
  location: 'Main Hall',
  eventDate: '2099-04-01T01:30:00Z',
  imageUrl: 'https://example.org/ugadi.jpg',
  capacity: 100,
});

function setup() {
  const onClose = vi.fn();
  return { ...renderWithProviders(<EditEventDialog open onClose={onClose} event={event} />), onClose };
}

describe('changedFields', () => {
  it('sends only what changed', () => {
    const base = {
      name: 'Ugadi',
      description: 'New year celebration',
      location: 'Main Hall',
      eventDate: '2099-03-31T18:30',
      imageUrl: 'https://example.org/ugadi.jpg',
      capacity: '100',
    };
    expect(changedFields(event, base)).toEqual({});
    expect(changedFields(event, { ...base, description: '', capacity: '' })).toEqual({ description: null, capacity: null });
    expect(changedFields(event, { ...base, eventDate: '2099-03-31T19:00' })).toEqual({ eventDate: '2099-04-01T02:00:00.000Z' });
  });
});

describe('EditEventDialog', () => {
  it('prefills the event in temple time', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Edit Event' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Event name/)).toHaveValue('Ugadi');
    expect(screen.getByLabelText(/Date and time/)).toHaveValue('2099-03-31T18:30');
    expect(screen.getByLabelText(/Capacity/)).toHaveValue(100);
  });

  it('uses the edit validation messages', async () => {
    const { user } = setup();
    await user.clear(screen.getByLabelText(/Location/));
    await user.type(screen.getByLabelText(/Location/), 'H');
    await user.clear(screen.getByLabelText('Image URL'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Event location must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Please provide an image URL')).toBeInTheDocument();
  });

  it("PATCHes the changes and toasts 'Event updated'", async () => {
    let body: unknown;
    server.use(
      http.patch('/api/events/ev-9', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...event, name: 'Ugadi Utsavam' });
      }),
      http.get('/api/events/ev-9', () => HttpResponse.json(event)),
    );
    const { user, onClose } = setup();
    await user.clear(screen.getByLabelText(/Event name/));
    await user.type(screen.getByLabelText(/Event name/), 'Ugadi Utsavam');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(body).toEqual({ name: 'Ugadi Utsavam' });
    expect(await screen.findByText('Event updated')).toBeInTheDocument();
  });

  it("shows 'Error updating event' with the server message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.patch('/api/events/ev-9', () => HttpResponse.json({ message: 'Event name must be at least 3 characters' }, { status: 400 })));
    const { user, onClose } = setup();
    await user.type(screen.getByLabelText(/Location/), ' East');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error updating event', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes without a request when nothing changed', async () => {
    const { user, onClose } = setup();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
