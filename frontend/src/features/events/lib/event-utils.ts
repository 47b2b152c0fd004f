import type { Event } from '@/types/api';

export type EventSort = 'date-asc' | 'date-desc' | 'name-asc' | 'name-desc';

export const sortOptions: { value: EventSort; label: string }[] = [
  { value: 'date-asc', label: 'Date (soonest first)' },
  { value: 'date-desc', label: 'Date (latest first)' },
  { value: 'name-asc', label: 'Name (A-Z)' },
  { value: 'name-desc', label: 'Name (Z-A)' },
];

const time = (e: Event) => new Date(e.eventDate).getTime();

export function sortEvents(events: readonly Event[], sort: EventSort): Event[] {
  const list = [...events];
  switch (sort) {
    case 'date-asc':
      return list.sort((a, b) => time(a) - time(b));
    case 'date-desc':
      return list.sort((a, b) => time(b) - time(a));
    case 'name-asc':
      return list.sort((a, b) => a.name.localeCompare(b.name));
    case 'name-desc':
      return list.sort((a, b) => b.name.localeCompare(a.name));
  }
}

/** Client-side search over name, location and description (case-insensitive). */
export function searchEvents(events: readonly Event[], query: string): Event[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...events];
  return events.filter((e) =>
    [e.name, e.location, e.description ?? ''].some((field) => field.toLowerCase().includes(q)),
  );
}

/** Recent section: sorted by eventDate newest first, at most 6 (spec section 9). */
export function recentEvents(events: readonly Event[], max = 6): Event[] {
  return sortEvents(events, 'date-desc').slice(0, max);
}

/** Future events by date ascending. */
export function upcomingEvents(events: readonly Event[], now: Date = new Date()): Event[] {
  return sortEvents(
    events.filter((e) => time(e) > now.getTime()),
    'date-asc',
  );
}

/** '{n} spots left', singular at 1; null when the event has no capacity. */
export function spotsLeftLabel(spotsLeft: number | null): string | null {
  if (spotsLeft === null || spotsLeft === undefined) return null;
  return spotsLeft === 1 ? '1 spot left' : `${spotsLeft} spots left`;
}

/** Appends a cache-busting parameter (used once after an image fails to load). */
export function cacheBust(url: string, stamp: number = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}retry=${stamp}`;
}
