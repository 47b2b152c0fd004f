import type { Event } from '@/types/api';

/** How long an event is shown in calendars; the server's `.ics` uses the same (ADR 0105). */
export const EVENT_DURATION_MINUTES = 120;

/** The API path of an event's iCalendar file. */
export function eventIcsPath(eventId: string): string {
  return `/api/events/${encodeURIComponent(eventId)}/event.ics`;
}

/** `20261121T183000Z`: the UTC form Google Calendar's `dates` takes. */
function utcStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A link that opens Google Calendar's "new event" page filled with the event. */
export function googleCalendarUrl(event: Pick<Event, 'id' | 'name' | 'description' | 'location' | 'eventDate'>, origin: string): string {
  const start = new Date(event.eventDate);
  const end = new Date(start.getTime() + EVENT_DURATION_MINUTES * 60_000);
  const page = `${origin}/events/${encodeURIComponent(event.id)}`;
  const details = event.description ? `${event.description}\n\n${page}` : page;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.name,
    dates: `${utcStamp(start)}/${utcStamp(end)}`,
    details,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
