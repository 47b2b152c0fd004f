import { delay, http, HttpResponse } from 'msw';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '@/lib/api-keys';
import { makeFestival, makePanchangamDays } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, TestProviders, within } from '@/testing/test-utils';
import { PanchangamPage } from './panchangam-page';

const NOVEMBER = apiKeys.panchangam('2026-11-01', '2026-11-30');
const FESTIVALS_2026 = apiKeys.festivals('2026');

/** November 2026 from Shukla Dvitiya; Diwali on the 8th, and two festivals on the 24th. */
const days = makePanchangamDays('2026-11-01', '2026-11-30', 2);
const festivals = [
  makeFestival(),
  makeFestival({ name: 'Kartika Pournami', date: '2026-11-24', tithi: 15, tithiName: 'Pournami', paksha: 'shukla', lunarMonth: 8, moment: 'sunrise' }),
  makeFestival({ name: 'Tulasi Vivah', date: '2026-11-24', tithi: 12, tithiName: 'Dvadashi', paksha: 'shukla', lunarMonth: 8, moment: 'pradosha' }),
  makeFestival({ name: 'Makar Sankranti', date: '2026-01-14', tithi: 26, tithiName: 'Ekadashi', paksha: 'krishna', lunarMonth: null, solarMonth: 9 }),
];

function serve(festivalsAnswer: () => Response | Promise<Response>) {
  server.use(
    http.get('/api/panchangam', () => HttpResponse.json(days)),
    http.get('/api/festivals', ({ request }) => {
      expect(new URL(request.url).searchParams.get('year')).toBe('2026');
      return festivalsAnswer();
    }),
  );
}

const dayButton = (name: RegExp) => within(screen.getByRole('list', { name: 'Days of November 2026' })).getByRole('button', { name });

/** The chosen day's festivals (jsdom applies no media queries: the phone's and the wide screen's details both show). */
const festivalList = () => screen.getAllByRole('list', { name: 'Festivals' })[0];

describe('the panchangam page', () => {
  it("names each festival on its day, in the day's name and in the chosen day's details", async () => {
    serve(() => HttpResponse.json(festivals));
    const { user } = renderWithProviders(<PanchangamPage monthParam="2026-11" />);
    const diwali = await screen.findByRole('button', { name: /^Sunday, November 8: .*; festival: Diwali \(Lakshmi Puja\)$/ });
    expect(diwali).toHaveTextContent('Diwali (Lakshmi Puja)');
    expect(dayButton(/^Tuesday, November 24: .*; festivals: Kartika Pournami, Tulasi Vivah$/)).toHaveTextContent(/Kartika Pournami.*Tulasi Vivah/);
    // A day without a festival says none.
    expect(dayButton(/^Monday, November 9: /)).not.toHaveAccessibleName(/festival/);

    await user.click(diwali);
    expect(diwali).toHaveAttribute('aria-pressed', 'true');
    const list = festivalList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent('Diwali (Lakshmi Puja)');
    // Why it falls on the day: the tithi, and when in the day it must run.
    expect(list).toHaveTextContent('Amavasya at dusk');

    await user.click(dayButton(/^Tuesday, November 24: /));
    expect(within(festivalList()).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Kartika PournamiPournami at sunrise',
      'Tulasi VivahShukla Dvadashi at dusk',
    ]);
    await user.click(dayButton(/^Monday, November 9: /));
    expect(screen.queryByRole('list', { name: 'Festivals' })).not.toBeInTheDocument();
  });

  it("links the festivals' calendar file, a plain download that works before the scripts run", () => {
    // As the server renders the page: its data from the page's data block, no request.
    const markup = renderToString(
      <TestProviders>
        <SWRConfig value={{ fallback: { [NOVEMBER]: days, [FESTIVALS_2026]: festivals } }}>
          <MemoryRouter initialEntries={['/panchangam?month=2026-11']}>
            <PanchangamPage monthParam="2026-11" />
          </MemoryRouter>
        </SWRConfig>
      </TestProviders>,
    );
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.appendChild(container);
    const link = within(container).getByRole('link', { name: 'Add the festivals to your calendar' });
    expect(link.tagName).toBe('A');
    expect(link).toHaveAttribute('href', '/api/panchangam/festivals.ics');
    expect(link).toHaveAttribute('download', 'festivals.ics');
    expect(link).toHaveAccessibleDescription(/coming year’s festivals and every Ekadashi, Pournami and Amavasya/);
    // The festivals are in the rendered markup, on their days.
    expect(within(container).getByRole('button', { name: /^Sunday, November 8: .*; festival: Diwali \(Lakshmi Puja\)$/ })).toBeInTheDocument();
    container.remove();
  });

  it('shows the days while the festivals load, and when they fail, with a way to load them again', async () => {
    let fail = true;
    serve(async () => {
      if (fail) return HttpResponse.json({ message: 'Something went wrong' }, { status: 500 });
      return HttpResponse.json(festivals);
    });
    const { user } = renderWithProviders(<PanchangamPage monthParam="2026-11" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the festivals of 2026; the days are shown without them.');
    const list = screen.getByRole('list', { name: 'Days of November 2026' });
    expect(within(list).getAllByRole('button')).toHaveLength(30);
    expect(dayButton(/^Sunday, November 8: /)).not.toHaveAccessibleName(/festival/);
    expect(screen.getByRole('link', { name: 'Add the festivals to your calendar' })).toBeInTheDocument();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: /^Sunday, November 8: .*; festival: Diwali \(Lakshmi Puja\)$/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the days before the festivals have come', async () => {
    serve(async () => {
      await delay('infinite');
      return HttpResponse.json([]);
    });
    renderWithProviders(<PanchangamPage monthParam="2026-11" />);
    const list = await screen.findByRole('list', { name: 'Days of November 2026' });
    expect(within(list).getAllByRole('button')).toHaveLength(30);
    expect(screen.getAllByRole('status', { name: 'Loading the festivals' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
