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
      tithis: [],
      nakshatra: null,
      time: '18:30',
      endDate: null,
    });
  });

  it('adds a service by tithi with the quick picks and single tithis, and shows the server\'s field errors', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/services', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'Validation failed', errors: { tithis: 'Choose at least one tithi (1–30: 1–15 shukla, 16–30 krishna)' } },
            { status: 400 },
          );
        }
        return HttpResponse.json(makeService({ name: 'Vishnu Puja', frequency: 'tithi', tithis: [11, 15, 26], schedule: 'Every Ekadashi and Pournami, 6:30 PM' }), {
          status: 201,
        });
      }),
    );
    const { user } = renderWithProviders(<TempleTab />);
    await user.click(await screen.findByRole('button', { name: 'Add Service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Recurring Service' });
    await user.click(within(dialog).getByLabelText(/Name/));
    await user.paste('Vishnu Puja');
    await user.click(within(dialog).getByRole('combobox', { name: /Repeats/ }));
    await user.click(screen.getByRole('option', { name: 'By tithi (the lunar day), every month' }));
    await user.type(within(dialog).getByLabelText(/^Time/), '18:30');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose at least one tithi (1–30: 1–15 shukla, 16–30 krishna)')).toBeInTheDocument();

    // "Ekadashi (both)" picks the shukla and the krishna Ekadashi; Pournami is chosen on its own.
    const ekadashi = within(dialog).getByRole('button', { name: 'Ekadashi (both)' });
    await user.click(ekadashi);
    expect(ekadashi).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('checkbox', { name: 'Shukla Ekadashi' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Krishna Ekadashi' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pournami' }));
    expect(within(dialog).getByRole('button', { name: 'Pournami' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).queryByText('Choose at least one tithi (1–30: 1–15 shukla, 16–30 krishna)')).not.toBeInTheDocument();

    // The server refuses once: its message shows under the tithis.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose at least one tithi (1–30: 1–15 shukla, 16–30 krishna)')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ frequency: 'tithi', tithis: [11, 15, 26], nakshatra: null, weekdays: [], time: '18:30' });

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Vishnu Puja: Every Ekadashi and Pournami, 6:30 PM')).toBeInTheDocument();
  });

  it('adds a service by nakshatra, requiring one', async () => {
    let body: unknown;
    server.use(
      http.post('/api/services', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeService({ name: 'Shravana Puja', frequency: 'nakshatra', nakshatra: 22, schedule: 'Every month on Shravana, 7:00 PM' }), {
          status: 201,
        });
      }),
    );
    const { user } = renderWithProviders(<TempleTab />);
    await user.click(await screen.findByRole('button', { name: 'Add Service' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Recurring Service' });
    await user.click(within(dialog).getByLabelText(/Name/));
    await user.paste('Shravana Puja');
    await user.click(within(dialog).getByRole('combobox', { name: /Repeats/ }));
    await user.click(screen.getByRole('option', { name: 'By nakshatra (the star), every month' }));
    await user.type(within(dialog).getByLabelText(/^Time/), '19:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose a nakshatra (1 = Ashwini … 27 = Revati)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Nakshatra/ }));
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(27);
    expect(options[0]).toHaveTextContent('Ashwini');
    expect(options[26]).toHaveTextContent('Revati');
    await user.click(screen.getByRole('option', { name: 'Shravana' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Shravana Puja: Every month on Shravana, 7:00 PM')).toBeInTheDocument();
    expect(body).toMatchObject({ frequency: 'nakshatra', nakshatra: 22, tithis: [], weekdays: [] });
  });

  it('edits a service by tithi with its tithis chosen', async () => {
    server.use(http.get('/api/services', () => HttpResponse.json([makeService({ name: 'Amavasya Tarpanam', frequency: 'tithi', tithis: [30], schedule: 'Every Amavasya, 7:00 AM' })])));
    const { user } = renderWithProviders(<TempleTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Amavasya Tarpanam' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Recurring Service' });
    expect(within(dialog).getByRole('checkbox', { name: 'Amavasya' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Pournami' })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Amavasya' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('builds bodies for the monthly and yearly rules', () => {
    const base = { name: ' Puja ', description: '', weekdays: ['monday'], week: '5', weekday: 'saturday', day: '15', month: '11', tithis: [26, 11], nakshatra: '4', time: '10:00', endDate: '' };
    expect(toServiceBody({ ...base, frequency: 'monthlyWeekday' })).toMatchObject({ weekdays: [], week: 5, weekday: 'saturday', day: null, month: null, name: 'Puja' });
    expect(toServiceBody({ ...base, frequency: 'yearly', endDate: '2030-01-01' })).toMatchObject({ week: null, day: 15, month: 11, endDate: '2030-01-01' });
    expect(toServiceBody({ ...base, frequency: 'yearly' })).toMatchObject({ tithis: [], nakshatra: null });
    expect(toServiceBody({ ...base, frequency: 'tithi' })).toMatchObject({ weekdays: [], day: null, tithis: [11, 26], nakshatra: null });
    expect(toServiceBody({ ...base, frequency: 'nakshatra' })).toMatchObject({ weekdays: [], tithis: [], nakshatra: 4 });
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
