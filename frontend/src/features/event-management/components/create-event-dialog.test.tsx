import { fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import useSWR from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { makeEvent } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor } from '@/testing/test-utils';
import type { Event } from '@/types/api';
import { CreateEventDialog } from './create-event-dialog';

function EventsProbe() {
  const { data } = useSWR<Event[]>('/api/events');
  return <div data-testid="events-count">{data?.length ?? 'none'}</div>;
}

function setup() {
  let events: Event[] = [];
  server.use(http.get('/api/events', () => HttpResponse.json(events)));
  const onClose = vi.fn();
  const utils = renderWithProviders(
    <>
      <EventsProbe />
      <CreateEventDialog open onClose={onClose} readFile={async () => 'data:image/png;base64,AAAA'} />
    </>,
  );
  return { ...utils, onClose, setEvents: (e: Event[]) => (events = e) };
}

async function fill(user: ReturnType<typeof userEvent.setup>, label: RegExp | string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, /Event name/, 'Diwali Celebration');
  await fill(user, /Description/, 'Festival of lights with puja and dinner');
  await fill(user, /Location/, 'Main Hall');
  fireEvent.change(screen.getByLabelText(/Date and time/), { target: { value: '2099-10-31T18:30' } });
}

describe('CreateEventDialog', () => {
  it("is labelled 'Create New Event' with its description and past dates disabled", () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Create New Event' });
    expect(dialog).toHaveAccessibleDescription('Fill out the form below to create a new temple event.');
    expect(screen.getByLabelText(/Date and time/)).toHaveAttribute('min', expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/));
    expect(screen.getByRole('tab', { name: 'Enter URL' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Upload Image' })).toBeInTheDocument();
  });

  it('shows the validation messages on submit', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Event name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Description must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('Location is required')).toBeInTheDocument();
    expect(screen.getByText('Event date is required')).toBeInTheDocument();
  });

  it('creates the event, refreshes the list and closes', async () => {
    let body: Record<string, unknown> | undefined;
    const { user, onClose, setEvents } = setup();
    await waitFor(() => expect(screen.getByTestId('events-count')).toHaveTextContent('0'));
    server.use(
      http.post('/api/events', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        await new Promise((r) => setTimeout(r, 400));
        setEvents([makeEvent()]);
        return HttpResponse.json(makeEvent(), { status: 201 });
      }),
    );
    await fillValid(user);
    await fill(user, /Capacity/, '150');
    await fill(user, 'Image URL', 'https://example.org/diwali.jpg');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Creating...' })).toBeDisabled());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(body).toEqual({
      name: 'Diwali Celebration',
      description: 'Festival of lights with puja and dinner',
      location: 'Main Hall',
      eventDate: '2099-11-01T01:30:00.000Z',
      imageUrl: 'https://example.org/diwali.jpg',
      capacity: 150,
    });
    expect(await screen.findByText('Event created successfully')).toBeInTheDocument();
    expect(screen.getByTestId('events-count')).toHaveTextContent('1');
  });

  it('keeps the form open with an error toast when creating fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('/api/events', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const { user, onClose } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Failed to create event. Please try again.', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Event name/)).toHaveValue('Diwali Celebration');
  });

  it('blocks submit while a chosen image is not uploaded, then sends the data URL', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/events', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(makeEvent(), { status: 201 });
      }),
    );
    const { onClose } = setup();
    const user = userEvent.setup({ applyAccept: false });
    await fillValid(user);
    await user.click(screen.getByRole('tab', { name: 'Upload Image' }));
    await user.upload(screen.getByTestId('image-file-input'), new File(['x'], 'a.png', { type: 'image/png' }));
    const submit = await screen.findByRole('button', { name: 'Upload Image First' });
    expect(submit).toBeDisabled();
    // Enter in a field still submits the form: it is refused with 'Upload Required'.
    fireEvent.submit(submit.closest('form')!);
    expect(await screen.findByText('Upload Required', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(
      screen.getByText("Please click the 'Upload Image' button to upload your image before submitting the form"),
    ).toBeInTheDocument();
    expect(body).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Upload Image' }));
    const create = await screen.findByRole('button', { name: 'Create Event' }, { timeout: 2500 });
    await user.click(create);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(body?.imageUrl).toBe('data:image/png;base64,AAAA');
  });

  it('Cancel closes', async () => {
    const { user, onClose } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
