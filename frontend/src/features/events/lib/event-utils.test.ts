import { describe, expect, it } from 'vitest';
import { makeEvent } from '@/testing/data';
import { addMonths, dayKey, eventsByDay, monthGrid } from './calendar';
import { cacheBust, eventPhase, recentEvents, searchEvents, sortEvents, spotsLeftLabel, upcomingEvents, webpSrcSet } from './event-utils';

const a = makeEvent({ name: 'Bhajan Evening', eventDate: '2026-05-01T02:00:00Z', location: 'Hall A', description: 'Devotional songs' });
const b = makeEvent({ name: 'Annadanam', eventDate: '2026-03-01T18:00:00Z', location: 'Dining hall', description: null });
const c = makeEvent({ name: 'Chariot Festival', eventDate: '2026-08-15T17:00:00Z', location: 'Temple grounds' });

describe('event utils', () => {
  it('sorts by date and by name both ways', () => {
    expect(sortEvents([a, b, c], 'date-asc').map((e) => e.name)).toEqual(['Annadanam', 'Bhajan Evening', 'Chariot Festival']);
    expect(sortEvents([a, b, c], 'date-desc').map((e) => e.name)).toEqual(['Chariot Festival', 'Bhajan Evening', 'Annadanam']);
    expect(sortEvents([c, a, b], 'name-asc').map((e) => e.name)).toEqual(['Annadanam', 'Bhajan Evening', 'Chariot Festival']);
    expect(sortEvents([c, a, b], 'name-desc').map((e) => e.name)).toEqual(['Chariot Festival', 'Bhajan Evening', 'Annadanam']);
  });

  it('searches name, location and description, case-insensitively', () => {
    expect(searchEvents([a, b, c], 'DEVOTIONAL')).toEqual([a]);
    expect(searchEvents([a, b, c], 'hall')).toEqual([a, b]);
    expect(searchEvents([a, b, c], '  ')).toEqual([a, b, c]);
    expect(searchEvents([a, b, c], 'zzz')).toEqual([]);
  });

  it('keeps at most 6 recent events, newest first', () => {
    const many = Array.from({ length: 8 }, (_, i) => makeEvent({ name: `E${i}`, eventDate: `2026-0${i + 1}-10T18:00:00Z` }));
    expect(recentEvents(many, 6, new Date('2026-12-01T00:00:00Z')).map((e) => e.name)).toEqual(['E7', 'E6', 'E5', 'E4', 'E3', 'E2']);
  });

  it('recent events are the most recent past and the nearest upcoming ones, not far-future ones', () => {
    const at = (name: string, eventDate: string) => makeEvent({ name, eventDate });
    const list = [
      at('Long ago', '2024-01-10T18:00:00Z'),
      at('Last month', '2026-03-10T18:00:00Z'),
      at('Last week', '2026-04-03T18:00:00Z'),
      at('Next week', '2026-04-17T18:00:00Z'),
      at('Next month', '2026-05-10T18:00:00Z'),
      at('Far future 1', '2028-01-10T18:00:00Z'),
      at('Far future 2', '2029-01-10T18:00:00Z'),
    ];
    expect(recentEvents(list, 4, new Date('2026-04-10T00:00:00Z')).map((e) => e.name)).toEqual([
      'Next month',
      'Next week',
      'Last week',
      'Last month',
    ]);
  });

  it('tells upcoming, in-progress and ended events apart in the temple zone', () => {
    const now = new Date('2026-04-10T20:00:00Z'); // 1:00 PM in Folsom
    expect(eventPhase({ eventDate: '2026-04-10T20:30:00Z' }, now)).toBe('upcoming');
    expect(eventPhase({ eventDate: '2026-04-10T16:00:00Z' }, now)).toBe('in-progress'); // 9:00 AM the same day
    expect(eventPhase({ eventDate: '2026-04-10T02:00:00Z' }, now)).toBe('ended'); // 7:00 PM the day before
  });

  it('keeps future events only, soonest first', () => {
    expect(upcomingEvents([a, b, c], new Date('2026-04-01T00:00:00Z'))).toEqual([a, c]);
  });

  it('labels spots left, singular at 1', () => {
    expect(spotsLeftLabel(1)).toBe('1 spot left');
    expect(spotsLeftLabel(0)).toBe('0 spots left');
    expect(spotsLeftLabel(12)).toBe('12 spots left');
    expect(spotsLeftLabel(null)).toBeNull();
  });

  it('adds a cache-busting parameter', () => {
    expect(cacheBust('https://x.org/a.jpg', 5)).toBe('https://x.org/a.jpg?retry=5');
    expect(cacheBust('/api/events/1/image?v=abc', 5)).toBe('/api/events/1/image?v=abc&retry=5');
  });
});

describe('calendar', () => {
  it('groups events by their day in Folsom', () => {
    expect(dayKey('2026-05-01T02:00:00Z')).toBe('2026-04-30');
    const map = eventsByDay([a, b]);
    expect(map.get('2026-04-30')).toEqual([a]);
    expect(map.get('2026-03-01')).toEqual([b]);
  });

  it('builds Sunday-first weeks', () => {
    const weeks = monthGrid({ year: 2026, month: 1 }); // February 2026 starts on a Sunday, 28 days
    expect(weeks).toHaveLength(4);
    expect(weeks[0][0]).toEqual({ key: '2026-02-01', day: 1 });
    const may = monthGrid({ year: 2026, month: 4 }); // May 2026 starts on a Friday
    expect(may[0].slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(may[0][5]).toEqual({ key: '2026-05-01', day: 1 });
  });

  it('moves between months across years', () => {
    expect(addMonths({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
    expect(addMonths({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
  });

  it('offers an uploaded picture as WebP copies at the server\'s widths, and a picture elsewhere as it is', () => {
    expect(webpSrcSet('/api/events/e1/image?v=abc')).toBe(
      '/api/events/e1/image?v=abc&w=480 480w, /api/events/e1/image?v=abc&w=960 960w, /api/events/e1/image?v=abc&w=1440 1440w',
    );
    expect(webpSrcSet('/api/events/e1/image')).toBe('/api/events/e1/image?w=480 480w, /api/events/e1/image?w=960 960w, /api/events/e1/image?w=1440 1440w');
    expect(webpSrcSet('https://images.example.org/diwali.jpg')).toBeUndefined();
    expect(webpSrcSet('/api/priests/p1/photo?v=abc')).toBeUndefined();
  });
});
