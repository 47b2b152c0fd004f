import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makePriest, makeService } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { toServiceBody } from './service-dialog';
import { TempleTab } from './temple-tab';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('TempleTab: recurring services', () => {
  it('lists services with their schedule and next date, and shows the empty state', async () => {
    server.use(http.get('/api/services', () => HttpResponse.json([makeService({ name: 'Abhishekam' }), makeService({ name: 'Old', nextOccurrence: null })])));
    renderWithProviders(<TempleTab />);
    const table = await screen.findByRole('table', { name: 'Recurring services' });
    expect(within(table).getByText('Abhishekam')).toBeInTheDocument();
    expect(within(table).getAllByText('Every Saturday, 9:00 AM')).toHaveLength(2);
    expect(within(table).getByText('Sat, Mar 14 · 9:00 AM')).toBeInTheDocument();
    expect(within(table).getByText('Ended')).toBeInTheDocument();
  });

  it('adds a weekly service: validates, sends only the weekly fields and toasts the schedule', async () => {
    let body: unknown;
    server.use(
      http.post('/api/services', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeService({ name: 'Abhishekam', schedule: 'Every Tuesday and Saturday, 6:30 PM' }), { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<TempleTab />);
    await user.click(await screen.findByRole('button', { name: 'Add Service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Recurring Service' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Service name must be at least 3 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one day of the week')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/Name/));
    await user.paste('Abhishekam');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    await user.type(within(dialog).getByLabelText(/^Time/), '18:30');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Service added')).toBeInTheDocument();
    expect(screen.getByText('Abhishekam: Every Tuesday and Saturday, 6:30 PM')).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Abhishekam',
      description: null,
      frequency: 'weekly',
      weekdays: ['tuesday', 'saturday'],
      week: null,
      weekday: null,
      day: null,
      month: null,
      time: '18:30',
      endDate: null,
    });
  });

  it('builds bodies for the monthly and yearly rules', () => {
    const base = { name: ' Puja ', description: '', weekdays: ['monday'], week: '5', weekday: 'saturday', day: '15', month: '11', time: '10:00', endDate: '' };
    expect(toServiceBody({ ...base, frequency: 'monthlyWeekday' })).toMatchObject({ weekdays: [], week: 5, weekday: 'saturday', day: null, month: null, name: 'Puja' });
    expect(toServiceBody({ ...base, frequency: 'yearly', endDate: '2030-01-01' })).toMatchObject({ week: null, day: 15, month: 11, endDate: '2030-01-01' });
  });
});

describe('TempleTab: priests', () => {
  it('adds a priest with a photo preview and sends it as a data URL', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post('/api/priests', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(makePriest({ name: 'Sri New Priest' }), { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<TempleTab />);
    expect(await screen.findByText('No priests yet. The home page hides the section until you add one.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Priest' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Priest' });
    await user.click(within(dialog).getByLabelText(/^Name/));
    await user.paste('Sri New Priest');
    await user.click(within(dialog).getByLabelText(/Specialties/));
    await user.paste('Homams, Vedic chanting');
    await user.upload(within(dialog).getByLabelText('Photo'), new File([PNG], 'priest.png', { type: 'image/png' }));
    expect(await within(dialog).findByRole('img', { name: 'Photo preview' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Priest added')).toBeInTheDocument();
    expect(body.name).toBe('Sri New Priest');
    expect(body.specialties).toEqual(['Homams', 'Vedic chanting']);
    expect(String(body.photo)).toMatch(/^data:image\/png;base64,/);
  });

  it('refuses a file that is not an image', async () => {
    const { user } = renderWithProviders(<TempleTab />);
    await user.click(await screen.findByRole('button', { name: 'Add Priest' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Priest' });
    // The file picker's accept filter can be bypassed (drag and drop, "All files").
    const free = userEvent.setup({ applyAccept: false });
    await free.upload(within(dialog).getByLabelText('Photo'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Please select a valid image file (JPEG, PNG, GIF, or WebP)')).toBeInTheDocument();
  });

  it('moves a priest down by sending the new order', async () => {
    const a = makePriest({ id: 'a', name: 'Sri First' });
    const b = makePriest({ id: 'b', name: 'Sri Second', position: 1 });
    let order: unknown;
    server.use(
      http.get('/api/priests', () => HttpResponse.json([a, b])),
      http.put('/api/priests/order', async ({ request }) => {
        order = await request.json();
        return HttpResponse.json([b, a]);
      }),
    );
    const { user } = renderWithProviders(<TempleTab />);
    expect(await screen.findByRole('button', { name: 'Move Sri First up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Sri First down' }));
    await waitFor(() => expect(order).toEqual({ ids: ['b', 'a'] }));
    expect(await screen.findByText('Order saved')).toBeInTheDocument();
  });
});
