import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import { DeleteEventDialog } from './delete-event-dialog';

const event = { id: 'ev-3', name: 'Sankranti' };

function setup(confirmForce = vi.fn(() => true)) {
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  const utils = renderWithProviders(
    <DeleteEventDialog open onClose={onClose} event={event} onDeleted={onDeleted} confirmForce={confirmForce} />,
  );
  return { ...utils, onClose, onDeleted, confirmForce };
}

describe('DeleteEventDialog', () => {
  it("deletes and toasts 'Event Deleted'", async () => {
    server.use(http.delete('/api/events/ev-3', () => new HttpResponse(null, { status: 204 })));
    const { user, onDeleted } = setup();
    expect(screen.getByRole('alertdialog', { name: 'Delete Event' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(await screen.findByText('Event Deleted')).toBeInTheDocument();
  });

  it('on 409 shows the server message and offers force delete, which reports the removed records', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.delete('/api/events/ev-3', () =>
        HttpResponse.json(
          { message: "This event has registrations, volunteers or payments. Force delete removes it with its registrations and volunteers; its payments stay in the temple's records." },
          { status: 409 },
        ),
      ),
      http.delete('/api/events/ev-3/force', () =>
        HttpResponse.json({ message: 'deleted', relatedRecords: { attendees: 3, volunteers: 1, payments: 2 } }),
      ),
    );
    const { user, onDeleted, confirmForce } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findAllByText("This event has registrations, volunteers or payments. Force delete removes it with its registrations and volunteers; its payments stay in the temple's records."),
    ).not.toHaveLength(0);
    expect(onDeleted).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Force Delete' }));
    expect(confirmForce).toHaveBeenCalledWith(expect.stringContaining('Sankranti'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(await screen.findByText('Sankranti was deleted with 3 attendees and 1 volunteer; 2 payments were kept in the payment records.')).toBeInTheDocument();
  });

  it('does nothing when the browser confirmation is declined', async () => {
    const force = vi.fn();
    server.use(http.delete('/api/events/ev-3/force', () => (force(), HttpResponse.json({}))));
    const { user, onDeleted } = setup(vi.fn(() => false));
    await user.click(screen.getByRole('button', { name: 'Force Delete' }));
    expect(force).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to delete event'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.delete('/api/events/ev-3', () => HttpResponse.text('', { status: 500 })));
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete event', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
