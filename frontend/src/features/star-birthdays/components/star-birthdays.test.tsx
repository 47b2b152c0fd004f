import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makePersonStar, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { PersonStar } from '@/types/api';
import { StarBirthdays } from './star-birthdays';

const me = makePersonStar({
  name: 'Test User',
  star: { nakshatra: 4, nakshatraName: 'Rohini', birthDate: null, birthTime: null, birthZone: null, remind: true, daysBefore: 2 },
  nextStarDay: '2026-12-01',
});
const mother = makePersonStar({ person: 'fm-1', name: 'Lakshmi Devi', relation: 'Mother' });

describe('StarBirthdays', () => {
  it('shows each person with their star, next star day and reminder, or none recorded', async () => {
    server.use(http.get('/api/users/me/stars', () => HttpResponse.json([me, mother])));
    renderWithProviders(<StarBirthdays />, { as: makeUser() });
    expect(await screen.findByText(/A star day is the day the Moon is in a person's birth star \(nakshatra\) at sunrise at the temple, once a month/)).toBeInTheDocument();
    const mine = await screen.findByRole('region', { name: 'Test User' });
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(within(mine).getByText('Rohini')).toBeInTheDocument();
    expect(within(mine).getByText('Next star day: Tuesday, December 1')).toBeInTheDocument();
    expect(within(mine).getByText('E-mail reminder 2 days before')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Edit birth star of Test User' })).toBeInTheDocument();
    const hers = screen.getByRole('region', { name: 'Lakshmi Devi' });
    expect(within(hers).getByText('Mother')).toBeInTheDocument();
    expect(within(hers).getByText('No birth star recorded')).toBeInTheDocument();
    expect(within(hers).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/No family members yet/)).not.toBeInTheDocument();
  });

  it('says where to add family members when there are none, and shows loading and errors', async () => {
    let fail = true;
    server.use(
      http.get('/api/users/me/stars', () => (fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : HttpResponse.json([makePersonStar()]))),
    );
    const { user } = renderWithProviders(<StarBirthdays />);
    expect(screen.getByRole('status', { name: 'Loading star birthdays' })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load the birth stars. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No family members yet: add them in the Family Members tab to record their birth stars too.')).toBeInTheDocument();
    expect(screen.getByText('No birth star recorded')).toBeInTheDocument();
  });

  it("works the star out from the birth, shows the server's field errors, then saves with a reminder", async () => {
    const bodies: Record<string, unknown>[] = [];
    let birth: unknown;
    server.use(
      http.get('/api/users/me/stars', () => HttpResponse.json([me, mother])),
      http.post('/api/panchangam/birth-star', async ({ request }) => {
        birth = await request.json();
        return HttpResponse.json({ nakshatra: 22, name: 'Shravana' });
      }),
      http.put('/api/users/me/stars/fm-1', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json({ message: 'Validation failed', errors: { birthTime: 'Birth time must be a time (HH:MM)' } }, { status: 400 });
        }
        const saved: PersonStar = {
          ...mother,
          star: { nakshatra: 22, nakshatraName: 'Shravana', birthDate: '1960-03-02', birthTime: '05:30', birthZone: 'Asia/Kolkata', remind: true, daysBefore: 3 },
          nextStarDay: '2026-12-19',
        };
        return HttpResponse.json(saved);
      }),
    );
    const { user } = renderWithProviders(<StarBirthdays />, { as: makeUser() });
    await user.click(await screen.findByRole('button', { name: 'Add birth star for Lakshmi Devi' }));
    const dialog = screen.getByRole('dialog', { name: 'Birth star: Lakshmi Devi' });
    expect(within(dialog).getByRole('combobox', { name: 'Birthplace time zone' })).toHaveValue('Asia/Kolkata');

    // Saving with nothing chosen asks for a star or the birth.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose the birth star, or give the birth date, time and place to work it out')).toBeInTheDocument();

    // Working it out needs the date and the time.
    await user.click(within(dialog).getByRole('button', { name: 'Work it out' }));
    expect(within(dialog).getAllByText("To work out the birth star, give the birth date, the time and the birthplace's time zone")).toHaveLength(2);
    await user.type(within(dialog).getByLabelText('Birth date'), '1960-03-02');
    await user.type(within(dialog).getByLabelText('Birth time'), '05:30');
    await user.click(within(dialog).getByRole('button', { name: 'Work it out' }));
    expect(await within(dialog).findByText('Worked out: the Moon was in Shravana')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Birth star/ })).toHaveTextContent('Shravana');
    expect(birth).toEqual({ birthDate: '1960-03-02', birthTime: '05:30', birthZone: 'Asia/Kolkata' });

    await user.click(within(dialog).getByRole('switch', { name: 'E-mail me before each star day' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Days before/ }));
    await user.click(screen.getByRole('option', { name: '3 days before' }));

    // The server refuses once: its message shows on the field.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Birth time must be a time (HH:MM)')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ nakshatra: 22, birthDate: '1960-03-02', birthTime: '05:30', birthZone: 'Asia/Kolkata', remind: true, daysBefore: 3 });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const hers = screen.getByRole('region', { name: 'Lakshmi Devi' });
    expect(within(hers).getByText('Shravana')).toBeInTheDocument();
    expect(within(hers).getByText('Next star day: Saturday, December 19')).toBeInTheDocument();
    expect(within(hers).getByText('E-mail reminder 3 days before')).toBeInTheDocument();
  });

  it('edits the recorded star and removes one after confirmation', async () => {
    let removed = false;
    server.use(
      http.get('/api/users/me/stars', () => HttpResponse.json([me])),
      http.delete('/api/users/me/stars/me', () => {
        removed = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(<StarBirthdays />, { as: makeUser() });
    await user.click(await screen.findByRole('button', { name: 'Edit birth star of Test User' }));
    const dialog = screen.getByRole('dialog', { name: 'Birth star: you' });
    expect(within(dialog).getByRole('combobox', { name: /Birth star/ })).toHaveTextContent('Rohini');
    expect(within(dialog).getByRole('switch', { name: 'E-mail me before each star day' })).toBeChecked();
    await user.click(within(dialog).getByRole('combobox', { name: /Birth star/ }));
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    expect(names).toHaveLength(28);
    expect(names.slice(1, 4)).toEqual(['Ashwini', 'Bharani', 'Krittika']);
    expect(names.at(-1)).toBe('Revati');
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Remove birth star of Test User' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove Birth Star' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Birth star removed')).toBeInTheDocument();
    expect(removed).toBe(true);
    expect(screen.getByText('No birth star recorded')).toBeInTheDocument();
  });

  it('notes that reminders wait for a verified e-mail address', async () => {
    server.use(http.get('/api/users/me/stars', () => HttpResponse.json([me])));
    renderWithProviders(<StarBirthdays />, { as: makeUser({ emailVerified: false }) });
    expect(await screen.findByText('Reminders are e-mailed once your e-mail address is verified.')).toBeInTheDocument();
  });
});
