import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDonationType } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { currentLocation, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { makeCollection, makeTreasurer } from '../test-data';
import type { CollectionRequest } from '../types';
import { CollectionsPage } from './collections-page';

const annadanam = makeDonationType({ id: 'fund-annadanam', name: 'Annadanam' });

function renderNewCount() {
  return renderWithProviders(<CollectionsPage donationTypes={[annadanam]} />, { route: '/collections?new', path: '/collections', as: makeTreasurer() });
}

describe('a new hundi count', () => {
  it('adds up the bills and coins as they are typed and saves with Enter', async () => {
    let sent: CollectionRequest | undefined;
    server.use(
      http.post('/api/collections', async ({ request }) => {
        sent = (await request.json()) as CollectionRequest;
        return HttpResponse.json(makeCollection({ id: 'col-9', donationTypeId: 'fund-annadanam', fundName: 'Annadanam' }), { status: 201 });
      }),
      http.get('/api/collections/col-9', () => HttpResponse.json(makeCollection({ id: 'col-9', donationTypeId: 'fund-annadanam', fundName: 'Annadanam' }))),
      http.get('/api/collections', () => HttpResponse.json([])),
      http.get('/api/deposits/undeposited', () => HttpResponse.json({ drawers: [], collections: [], checks: [] })),
    );
    const { user } = renderNewCount();
    const box = await screen.findByRole('textbox', { name: 'Box' });
    expect(box).toHaveValue('Main hundi');
    expect(box).toHaveFocus();
    expect((screen.getByLabelText(/Counting date/) as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await user.click(screen.getByRole('combobox', { name: 'Fund' }));
    await user.click(await screen.findByRole('option', { name: 'Annadanam' }));
    await user.type(screen.getByRole('textbox', { name: '$20 bills' }), '3');
    expect(screen.getByRole('textbox', { name: '$20 bills' })).toHaveAccessibleDescription('$60.00');
    await user.type(screen.getByRole('textbox', { name: '$1 bills' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Quarters' }), '7');
    expect(screen.getByRole('textbox', { name: 'Quarters' })).toHaveAccessibleDescription('$1.75');
    expect(screen.getByRole('status')).toHaveTextContent('Total $73.75');

    // Tab goes down the sheet: after the quarters, the dimes.
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Dimes' })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Counted after the evening aarti{Enter}');

    await waitFor(() => expect(currentLocation()).toBe('/collections?count=col-9'));
    expect(sent).toEqual({
      boxName: 'Main hundi',
      countedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
      counts: [
        { denomination: 'bill_20', pieces: 3 },
        { denomination: 'bill_1', pieces: 12 },
        { denomination: 'coin_25', pieces: 7 },
      ],
      donationTypeId: 'fund-annadanam',
      note: 'Counted after the evening aarti',
    });
    expect(await screen.findByRole('button', { name: 'Confirm this count' })).toBeEnabled();
  });

  it('says what is wrong before sending, and shows the server refusal of a field', async () => {
    let posts = 0;
    server.use(
      http.post('/api/collections', () => {
        posts += 1;
        return HttpResponse.json(
          { message: 'Name the box that was counted (at most 100 characters)', errors: { boxName: 'Name the box that was counted (at most 100 characters)' } },
          { status: 400 },
        );
      }),
    );
    const { user } = renderNewCount();
    await user.click(await screen.findByRole('button', { name: /Save count/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter how many of each bill and coin were counted');
    expect(posts).toBe(0);

    await user.type(screen.getByRole('textbox', { name: 'Pennies' }), 'two');
    expect(screen.getByRole('textbox', { name: 'Pennies' })).toHaveAccessibleDescription('Not a count');
    expect(await screen.findByRole('alert')).toHaveTextContent('Each count is a whole number of pieces from 0 to 1,000,000');
    await user.clear(screen.getByRole('textbox', { name: 'Pennies' }));
    await user.type(screen.getByRole('textbox', { name: '$5 bills' }), '1');
    await user.click(screen.getByRole('button', { name: 'Save count · $5.00' }));
    await waitFor(() => expect(posts).toBe(1));
    const box = screen.getByRole('textbox', { name: 'Box' });
    expect(within(box.closest('.MuiFormControl-root') as HTMLElement).getByText('Name the box that was counted (at most 100 characters)')).toBeInTheDocument();
  });
});
