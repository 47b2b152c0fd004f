import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeRecurringGift, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor, within } from '@/testing/test-utils';
import type { RecurringGift } from '@/types/recurring-gifts';
import type { CardStep } from '../types';
import { RecurringGiftPage } from './recurring-gift-page';

const fakeCardStep: CardStep = ({ submitLabel }) => <button type="button">{submitLabel}</button>;

const guestGift = makeRecurringGift({ id: 'g-9', member: false, donorName: 'Meera Iyer', donorEmail: 'meera@example.org' });

/** Serves the gift to its link's token only, recording each request's query. */
function serve(gift: RecurringGift) {
  const queries: string[] = [];
  let current = gift;
  server.use(
    http.get('/api/recurring-gifts/g-9', ({ request }) => {
      const token = new URL(request.url).searchParams.get('token');
      queries.push(`GET ${token}`);
      return token === 'tok-9' ? HttpResponse.json(current) : HttpResponse.json({ message: 'Recurring gift not found' }, { status: 404 });
    }),
    http.post('/api/recurring-gifts/g-9/pause', ({ request }) => {
      queries.push(`pause ${new URL(request.url).searchParams.get('token')}`);
      current = { ...current, status: 'paused', pausedBy: 'donor', nextChargeOn: null };
      return HttpResponse.json(current);
    }),
  );
  return queries;
}

describe('RecurringGiftPage', () => {
  it('opens a guest’s gift by its signed link, and acts on it with the link', async () => {
    const queries = serve(guestGift);
    const { user } = renderWithProviders(<RecurringGiftPage id="g-9" token="tok-9" cardStep={fakeCardStep} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your recurring gift' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading your gift' })).toHaveAttribute('aria-busy', 'true');
    const gift = await screen.findByRole('region', { name: '$25.00 monthly to Annadanam' });
    expect(within(gift).getByRole('heading', { level: 2 })).toHaveTextContent('$25.00 monthly to Annadanam');
    expect(gift).toHaveTextContent('Visa ending 4242, expires 12/28');

    await user.click(within(gift).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Gift paused')).toBeInTheDocument();
    await waitFor(() => expect(within(gift).getByRole('button', { name: 'Resume' })).toBeInTheDocument());
    expect(queries).toEqual(['GET tok-9', 'pause tok-9', 'GET tok-9']);
    expect(screen.queryByRole('link', { name: /My Donations/ })).not.toBeInTheDocument();
  });

  it('says when the link does not open the gift, and offers a visitor to sign in', async () => {
    serve(guestGift);
    renderWithProviders(<RecurringGiftPage id="g-9" token="wrong" cardStep={fakeCardStep} />, { route: '/giving/recurring/g-9?token=wrong' });
    expect(await screen.findByText('This gift could not be opened')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/sign-in?redirect=/giving/recurring/g-9%3Ftoken%3Dwrong');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('opens a member’s own gift without a link, and points to My Donations', async () => {
    server.use(http.get('/api/recurring-gifts/g-1', ({ request }) => (new URL(request.url).search ? HttpResponse.json({}, { status: 400 }) : HttpResponse.json(makeRecurringGift({ id: 'g-1' })))));
    renderWithProviders(<RecurringGiftPage id="g-1" token={null} cardStep={fakeCardStep} />, { as: makeUser() });
    expect(await screen.findByRole('region', { name: '$25.00 monthly to Annadanam' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all your gifts on My Donations' })).toHaveAttribute('href', '/my-donations');
  });

  it('offers to try again when the gift could not be loaded', async () => {
    let fail = true;
    server.use(
      http.get('/api/recurring-gifts/g-9', () => (fail ? HttpResponse.json({ message: 'x' }, { status: 500 }) : HttpResponse.json(guestGift))),
    );
    const { user } = renderWithProviders(<RecurringGiftPage id="g-9" token="tok-9" cardStep={fakeCardStep} />);
    expect(await screen.findByText('Your gift could not be loaded. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: '$25.00 monthly to Annadanam' })).toBeInTheDocument();
  });
});
