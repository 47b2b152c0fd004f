import { delay, http, HttpResponse } from 'msw';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makePanchangamDays } from '@/testing/data';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, TestProviders, waitFor, within } from '@/testing/test-utils';
import { SHOW_TITHIS_KEY } from '../lib/show-tithis';
import { EventsCalendar } from './events-calendar';

/** Mid-November 2026 at the temple. */
const NOW = new Date('2026-11-15T20:00:00Z');

/** Answers the month's days (the 1st Shukla Pratipada, a tithi a day) and records what was asked. */
function servePanchangam(answer?: () => Promise<Response> | Response) {
  const asked: string[] = [];
  server.use(
    http.get('/api/panchangam', ({ request }) => {
      const url = new URL(request.url);
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      asked.push(`${from}..${to}`);
      return answer ? answer() : HttpResponse.json(makePanchangamDays(from, to, 1));
    }),
  );
  return asked;
}

/** A cell's text as read: without the soft hyphens where a tithi's name may break. */
const textOf = (cell: HTMLElement) => (cell.textContent ?? '').replace(/\u00ad/g, '');

/** The calendar's cell of a day of the shown month. */
function cellOf(day: number): HTMLElement {
  const cell = within(screen.getByRole('table')).getAllByRole('cell').find((td) => td.firstElementChild?.textContent === String(day));
  if (!cell) throw new Error(`no cell for day ${day}`);
  return cell;
}

describe('the events calendar’s tithis', () => {
  it('are off by default; switched on, each date shows its tithi under its number, and the choice is remembered', async () => {
    const asked = servePanchangam();
    const { user } = renderWithProviders(<EventsCalendar now={NOW} />);
    const toggle = screen.getByRole('switch', { name: 'Show tithis' });
    expect(toggle).not.toBeChecked();
    expect(textOf(cellOf(11))).toBe('11');
    expect(asked).toEqual([]);

    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(window.localStorage.getItem(SHOW_TITHIS_KEY)).toBe('true');
    await waitFor(() => expect(textOf(cellOf(11))).toBe('11Shukla Ekadashi'));
    expect(textOf(cellOf(1))).toBe('1Shukla Pratipada');
    expect(textOf(cellOf(15))).toBe('15Pournami');
    expect(textOf(cellOf(16))).toBe('16Krishna Pratipada');
    expect(textOf(cellOf(30))).toBe('30Amavasya');
    // A long name may break, with a hyphen, only between its syllables in a phone's narrow column.
    expect(cellOf(14).textContent).toBe('14Shukla Cha\u00adtur\u00addashi');
    expect(asked).toEqual(['2026-11-01..2026-11-30']);
    expect(screen.getByRole('table')).toHaveAccessibleName('Events in November 2026, with the tithi of each date at sunrise');

    // The shown month's: the next month asks for its own days.
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(textOf(cellOf(31))).toBe('31Shukla Pratipada'));
    expect(asked).toEqual(['2026-11-01..2026-11-30', '2026-12-01..2026-12-31']);

    await user.click(screen.getByRole('switch', { name: 'Show tithis' }));
    expect(window.localStorage.getItem(SHOW_TITHIS_KEY)).toBe('false');
    expect(textOf(cellOf(31))).toBe('31');
  });

  it('come back on when the visitor had switched them on', async () => {
    window.localStorage.setItem(SHOW_TITHIS_KEY, 'true');
    servePanchangam();
    renderWithProviders(<EventsCalendar now={NOW} />);
    expect(screen.getByRole('switch', { name: 'Show tithis' })).toBeChecked();
    await waitFor(() => expect(textOf(cellOf(26))).toBe('26Krishna Ekadashi'));
  });

  it("are off in the server's render, which reads no storage", () => {
    window.localStorage.setItem(SHOW_TITHIS_KEY, 'true');
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <TestProviders>
        <MemoryRouter>
          <EventsCalendar now={NOW} />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(within(container).getByRole('switch', { name: 'Show tithis' })).not.toBeChecked();
    expect(textOf(container)).not.toContain('Pratipada');
  });

  it('hold their places while they load, and a failure leaves the calendar with a retry', async () => {
    window.localStorage.setItem(SHOW_TITHIS_KEY, 'true');
    let answer: 'wait' | 'fail' | 'ok' = 'wait';
    servePanchangam(async () => {
      if (answer === 'wait') await delay('infinite');
      if (answer === 'fail') return HttpResponse.json({ message: 'Something went wrong' }, { status: 500 });
      return HttpResponse.json(makePanchangamDays('2026-11-01', '2026-11-30', 1));
    });
    const first = renderWithProviders(<EventsCalendar now={NOW} />);
    expect(await screen.findByRole('status', { name: 'Loading the tithis of November 2026' })).toBeInTheDocument();
    expect(textOf(cellOf(11))).toBe('11');
    first.unmount();

    answer = 'fail';
    const { user } = renderWithProviders(<EventsCalendar now={NOW} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the tithis of November 2026. Please try again.');
    expect(within(screen.getByRole('table')).getAllByRole('cell').filter((td) => td.textContent)).toHaveLength(30);
    answer = 'ok';
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(textOf(cellOf(11))).toBe('11Shukla Ekadashi'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
