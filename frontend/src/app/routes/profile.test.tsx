import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makePersonStar, makeUser } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { screen, signInAs, within } from '@/testing/test-utils';
import { renderApp } from '@/testing/render-app';

describe('/profile: Star birthdays', () => {
  it('opens on the Star birthdays tab from the reminder link (?tab=stars)', async () => {
    signInAs(makeUser({ firstName: 'Lakshmi', lastName: 'Rao' }));
    server.use(
      http.get('/api/users/me/stars', () =>
        HttpResponse.json([
          makePersonStar({
            name: 'Lakshmi Rao',
            star: { nakshatra: 22, nakshatraName: 'Shravana', birthDate: null, birthTime: null, birthZone: null, remind: false, daysBefore: 2 },
            nextStarDay: '2026-12-19',
          }),
        ]),
      ),
    );
    renderApp('/profile?tab=stars');
    const tab = await screen.findByRole('tab', { name: 'Star birthdays' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Star birthdays' });
    const card = await within(panel).findByRole('region', { name: 'Lakshmi Rao' });
    expect(within(card).getByText('Shravana')).toBeInTheDocument();
    expect(within(card).getByText('Next star day: Saturday, December 19')).toBeInTheDocument();
    expect(within(card).getByText('No reminder')).toBeInTheDocument();
  });

  it('lists the tab after Household and before My Events', async () => {
    signInAs(makeUser());
    renderApp('/profile');
    await screen.findByRole('tab', { name: 'Star birthdays' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Edit Profile', 'Family Members', 'Household', 'Star birthdays', 'My Events', 'Account Settings']);
  });
});
