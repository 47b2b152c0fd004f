import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { currentLocation, renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import { makeCollection, makeTreasurer } from '../test-data';
import type { Collection, CollectionRequest } from '../types';
import { CollectionsPage } from './collections-page';

const radha = makeTreasurer({ id: 'u-radha', firstName: 'Radha', lastName: 'Iyer' });
const gopal = makeTreasurer({ id: 'u-gopal', firstName: 'Gopal', lastName: 'Rao' });
const firstByRadha = { byId: 'u-radha', byName: 'Radha Iyer', at: '2026-11-24T19:00:00Z' };

/** Serves one count, and what the lists read after an action. */
function serve(count: Collection) {
  let current = count;
  server.use(
    http.get('/api/collections/:id', () => HttpResponse.json(current)),
    http.get('/api/collections', () => HttpResponse.json([current])),
    http.get('/api/deposits/undeposited', () => HttpResponse.json({ drawers: [], collections: [], checks: [] })),
  );
  return { set: (next: Collection) => (current = next) };
}

function renderCount(as = radha, route = '/collections?count=col-1') {
  return renderWithProviders(<CollectionsPage donationTypes={[]} />, { route, path: '/collections', as });
}

describe("a hundi count's page", () => {
  it('shows the figures and who confirmed, and refuses the second confirmation to the person who made the first', async () => {
    serve(makeCollection({ firstConfirmation: firstByRadha, note: 'One torn $1 bill set aside' }));
    renderCount(radha);
    const figures = await screen.findByRole('table', { name: 'Figures of the count' });
    expect(within(figures).getByRole('row', { name: '$20 bills 3 $60.00' })).toBeInTheDocument();
    expect(within(figures).getByRole('row', { name: 'Quarters 7 $1.75' })).toBeInTheDocument();
    expect(within(figures).getByRole('row', { name: 'Total $73.75' })).toBeInTheDocument();
    expect(screen.getByText('Confirmed by Radha Iyer — waiting for a second person')).toBeInTheDocument();
    expect(screen.getByText('One torn $1 bill set aside')).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Confirm this count' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription('You made the first confirmation: the second must come from another person.');
  });

  it('locks the count with a second person’s confirmation, sent at the revision seen', async () => {
    const count = makeCollection({ revision: 4, firstConfirmation: firstByRadha });
    const served = serve(count);
    let body: unknown;
    server.use(
      http.post('/api/collections/col-1/confirm', async ({ request }) => {
        body = await request.json();
        const locked = makeCollection({ ...count, locked: true, secondConfirmation: { byId: 'u-gopal', byName: 'Gopal Rao', at: '2026-11-24T20:00:00Z' }, receiptNumber: 'AUTO-9-1' });
        served.set(locked);
        return HttpResponse.json(locked);
      }),
    );
    const { user } = renderCount(gopal);
    await user.click(await screen.findByRole('button', { name: 'Confirm this count' }));
    expect(await screen.findByText('Locked')).toBeInTheDocument();
    expect(body).toEqual({ revision: 4 });
    expect(screen.getByText('AUTO-9-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Correct' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal and the count as it now stands", async () => {
    const served = serve(makeCollection());
    server.use(
      http.post('/api/collections/col-1/confirm', () => {
        served.set(makeCollection({ revision: 2, total: '80.00', counts: [{ denomination: 'bill_20', pieces: 4 }] }));
        return HttpResponse.json({ message: 'The count changed since you opened it: check the new figures and confirm again' }, { status: 409 });
      }),
    );
    const { user } = renderCount(gopal);
    await user.click(await screen.findByRole('button', { name: 'Confirm this count' }));
    expect(await screen.findByText('The count changed since you opened it: check the new figures and confirm again')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: '$20 bills 4 $80.00' })).toBeInTheDocument();
  });

  it('corrects a count at the revision seen', async () => {
    const served = serve(makeCollection({ revision: 2, firstConfirmation: firstByRadha }));
    let put: { revision: string | null; body: CollectionRequest } | undefined;
    server.use(
      http.put('/api/collections/col-1', async ({ request }) => {
        const body = (await request.json()) as CollectionRequest;
        put = { revision: new URL(request.url).searchParams.get('revision'), body };
        const saved = makeCollection({ revision: 3, total: '74.75', counts: body.counts });
        served.set(saved);
        return HttpResponse.json(saved);
      }),
    );
    const { user } = renderCount(gopal);
    await user.click(await screen.findByRole('button', { name: 'Correct' }));
    await waitFor(() => expect(currentLocation()).toBe('/collections?count=col-1&correct'));
    const dollars = await screen.findByRole('textbox', { name: '$1 bills' });
    expect(dollars).toHaveValue('12');
    await user.clear(dollars);
    await user.type(dollars, '13');
    await user.click(screen.getByRole('button', { name: 'Save correction · $74.75' }));
    await waitFor(() => expect(currentLocation()).toBe('/collections?count=col-1'));
    expect(put?.revision).toBe('2');
    expect(put?.body.counts).toContainEqual({ denomination: 'bill_1', pieces: 13 });
    expect(await screen.findByText('Waiting for 2 confirmations')).toBeInTheDocument();
  });

  it('discards a count after asking', async () => {
    serve(makeCollection());
    let deleted = false;
    server.use(
      http.delete('/api/collections/col-1', () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderCount(radha);
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard this count?' });
    expect(dialog).toHaveTextContent('The count of $73.75 in Main hundi (Nov 24, 2026)');
    await user.click(within(dialog).getByRole('button', { name: 'Discard count' }));
    await waitFor(() => expect(currentLocation()).toBe('/collections'));
    expect(deleted).toBe(true);
  });
});
