import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, within } from '@/testing/test-utils';
import { makeCollection, makeTreasurer } from '../test-data';
import { CollectionsPage } from './collections-page';

describe('the hundi counts list', () => {
  it('lists each count with its box, day, fund, total and where it stands', async () => {
    const first = { byId: 'u-1', byName: 'Radha Iyer', at: '2026-11-24T19:00:00Z' };
    server.use(
      http.get('/api/collections', () =>
        HttpResponse.json([
          makeCollection({ id: 'a' }),
          makeCollection({ id: 'b', boxName: 'Annadanam box', fundName: 'Annadanam', firstConfirmation: first }),
          makeCollection({ id: 'c', locked: true, firstConfirmation: first }),
          makeCollection({ id: 'd', locked: true, deposit: { id: 'dep', number: 'D-20261125-1', cleared: false } }),
        ]),
      ),
    );
    renderWithProviders(<CollectionsPage donationTypes={[]} />, { route: '/collections', path: '/collections', as: makeTreasurer() });
    const list = await screen.findByRole('list', { name: 'Hundi counts' });
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Main hundiNov 24, 2026$73.75General fundWaiting for 2 confirmations');
    expect(rows[0]).toHaveAttribute('href', '/collections?count=a');
    expect(rows[1]).toHaveTextContent('Confirmed by Radha Iyer — waiting for a second person');
    expect(rows[1]).toHaveTextContent('Annadanam');
    expect(rows[2]).toHaveTextContent('Locked');
    expect(rows[3]).toHaveTextContent('In deposit D-20261125-1');
    expect(screen.getByRole('link', { name: 'New count' })).toHaveAttribute('href', '/collections?new');
    expect(screen.getByRole('link', { name: 'Deposits' })).toHaveAttribute('href', '/deposits');
  });

  it('says when there is none yet', async () => {
    server.use(http.get('/api/collections', () => HttpResponse.json([])));
    renderWithProviders(<CollectionsPage donationTypes={[]} />, { route: '/collections', path: '/collections', as: makeTreasurer({ permissions: ['count_collections'] }) });
    expect(await screen.findByText(/No hundi counts yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Deposits' })).not.toBeInTheDocument();
  });
});
