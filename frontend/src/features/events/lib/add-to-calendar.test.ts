import { describe, expect, it } from 'vitest';
import { eventIcsPath, googleCalendarUrl } from './add-to-calendar';

describe('add to calendar', () => {
  it('links the event to Google Calendar in UTC with a two-hour slot', () => {
    const url = new URL(
      googleCalendarUrl(
        { id: 'e 1', name: 'Diwali & Lakshmi Puja', description: 'Lamps', location: 'Main Hall', eventDate: '2026-11-08T02:30:00Z' },
        'https://temple.example.org',
      ),
    );
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Diwali & Lakshmi Puja');
    expect(url.searchParams.get('dates')).toBe('20261108T023000Z/20261108T043000Z');
    expect(url.searchParams.get('location')).toBe('Main Hall');
    expect(url.searchParams.get('details')).toBe('Lamps\n\nhttps://temple.example.org/events/e%201');
  });

  it('downloads the server-built .ics', () => {
    expect(eventIcsPath('abc')).toBe('/api/events/abc/event.ics');
  });
});
