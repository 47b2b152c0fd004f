import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeFestivalRule } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { FestivalsSection } from './festivals-section';

const diwali = makeFestivalRule({ id: 'diwali' });
const vaikuntha = makeFestivalRule({
  id: 'vaikuntha',
  name: 'Vaikuntha Ekadashi',
  description: null,
  lunarMonth: null,
  solarMonth: 8,
  tithi: 11,
  moment: 'sunrise',
  source: null,
  rule: 'Shukla Ekadashi of Dhanu (the solar month), at sunrise',
});

describe('FestivalsSection', () => {
  it('lists each rule with its name, its rule in words and its source', async () => {
    server.use(http.get('/api/admin/festivals', () => HttpResponse.json([diwali, vaikuntha])));
    renderWithProviders(<FestivalsSection />);
    const list = await screen.findByRole('list', { name: 'Festivals' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Diwali (Lakshmi Puja)')).toBeInTheDocument();
    expect(within(items[0]).getByText('Ashwin Amavasya, in the evening after sunset (pradosha)')).toBeInTheDocument();
    expect(within(items[0]).getByText('Source: Nirnaya Sindhu')).toBeInTheDocument();
    expect(within(items[1]).getByText('Shukla Ekadashi of Dhanu (the solar month), at sunrise')).toBeInTheDocument();
    expect(within(items[1]).queryByText(/Source:/)).not.toBeInTheDocument();
    expect(within(items[1]).getByRole('button', { name: 'Make events for Vaikuntha Ekadashi' })).toBeInTheDocument();
  });

  it('shows the loading, empty and error states, and retries', async () => {
    let fail = true;
    server.use(
      http.get('/api/admin/festivals', () => (fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json([]))),
    );
    const { user } = renderWithProviders(<FestivalsSection />);
    expect(screen.getByRole('status', { name: 'Loading festivals' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load festivals. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No festivals yet. Add one to show it on the panchangam and make its events.')).toBeInTheDocument();
  });

  it("adds a rule: checks the form, shows the server's field errors, then saves", async () => {
    const bodies: Record<string, unknown>[] = [];
    let rules = [diwali];
    server.use(
      http.get('/api/admin/festivals', () => HttpResponse.json(rules)),
      http.post('/api/admin/festivals', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json(
            { message: 'Validation failed', errors: { name: 'Festival name must be 3 to 100 characters', source: 'Source must be at most 200 characters' } },
            { status: 400 },
          );
        }
        const created = makeFestivalRule({ id: 'rama', name: 'Sri Rama Navami', lunarMonth: 1, tithi: 9, moment: 'madhyahna', rule: 'Chaitra Shukla Navami, at midday (madhyahna)' });
        rules = [created, diwali];
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<FestivalsSection />);
    await user.click(await screen.findByRole('button', { name: 'Add Festival' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Festival' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Festival name must be 3 to 100 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a lunar month (1 = Chaitra … 12 = Phalguna) or a solar month (0 = Mesha … 11 = Meena)')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a tithi from 1 to 30 (1–15 shukla, 16–30 krishna)')).toBeInTheDocument();

    await user.click(within(dialog).getByLabelText(/^Name/));
    await user.paste('Sri Rama Navami');
    await user.click(within(dialog).getByRole('combobox', { name: /Lunar month/ }));
    const months = screen.getAllByRole('option');
    expect(months.map((o) => o.textContent)).toEqual(['Chaitra', 'Vaishakha', 'Jyeshtha', 'Ashadha', 'Shravana', 'Bhadrapada', 'Ashwin', 'Kartika', 'Margashirsha', 'Pausha', 'Magha', 'Phalguna']);
    await user.click(screen.getByRole('option', { name: 'Chaitra' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Tithi/ }));
    // The tithis under their paksha's heading (entries without a value).
    expect(screen.getAllByRole('option').filter((o) => !o.hasAttribute('data-value')).map((o) => o.textContent)).toEqual([
      'Shukla paksha (bright half)',
      'Krishna paksha (dark half)',
    ]);
    const tithis = screen.getAllByRole('option').filter((o) => o.hasAttribute('data-value'));
    expect(tithis).toHaveLength(30);
    expect(tithis[14]).toHaveTextContent('Pournami');
    expect(tithis[29]).toHaveTextContent('Amavasya');
    await user.click(screen.getByRole('option', { name: 'Shukla Navami' }));
    await user.click(within(dialog).getByRole('radio', { name: /At midday \(madhyahna\)/ }));

    // The server refuses: its messages show on their fields and the dialog stays open.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Source must be at most 200 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Festival name must be 3 to 100 characters')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      name: 'Sri Rama Navami',
      description: null,
      lunarMonth: 1,
      solarMonth: null,
      tithi: 9,
      moment: 'madhyahna',
      twoDays: 'first',
      inAdhika: false,
      source: null,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Sri Rama Navami: Chaitra Shukla Navami, at midday (madhyahna)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Festival' })).not.toBeInTheDocument());
    expect(await screen.findByText('Chaitra Shukla Navami, at midday (madhyahna)')).toBeInTheDocument();
  });

  it('edits a rule by solar month', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.get('/api/admin/festivals', () => HttpResponse.json([vaikuntha])),
      http.put('/api/admin/festivals/vaikuntha', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...vaikuntha, twoDays: 'second' });
      }),
    );
    const { user } = renderWithProviders(<FestivalsSection />);
    await user.click(await screen.findByRole('button', { name: 'Edit Vaikuntha Ekadashi' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Festival' });
    expect(within(dialog).getByRole('radio', { name: "Solar month (the Sun's sign)" })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: /Solar month/ })).toHaveTextContent('Dhanu');
    expect(within(dialog).getByRole('combobox', { name: /Tithi/ })).toHaveTextContent('Shukla Ekadashi');
    // No adhika month among the solar ones.
    expect(within(dialog).queryByRole('switch', { name: /adhika/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'the second' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Festival updated')).toBeInTheDocument();
    expect(body).toMatchObject({ lunarMonth: null, solarMonth: 8, tithi: 11, twoDays: 'second', inAdhika: false });
  });

  it('deletes a rule after confirmation', async () => {
    let deleted = false;
    server.use(
      http.get('/api/admin/festivals', () => HttpResponse.json(deleted ? [] : [diwali])),
      http.delete('/api/admin/festivals/diwali', () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(<FestivalsSection />);
    await user.click(await screen.findByRole('button', { name: 'Delete Diwali (Lakshmi Puja)' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Festival' });
    expect(within(confirm).getByText(/the events already made from it stay/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Festival deleted')).toBeInTheDocument();
    expect(await screen.findByText('No festivals yet. Add one to show it on the panchangam and make its events.')).toBeInTheDocument();
  });
});
