import { formatDate } from '@/lib/format';
import type { Event } from '@/types/api';
import { t } from '../i18n';

export type EventSort = 'date-asc' | 'date-desc' | 'name-asc' | 'name-desc';

/** The sort choices with their labels in the page's language (called while rendering). */
export function sortOptions(): { value: EventSort; label: string }[] {
  return [
    { value: 'date-asc', label: t('events.sort.dateAsc') },
    { value: 'date-desc', label: t('events.sort.dateDesc') },
    { value: 'name-asc', label: t('events.sort.nameAsc') },
    { value: 'name-desc', label: t('events.sort.nameDesc') },
  ];
}

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

/**
 * Recent section (docs/product.md#events-display): the events nearest to now on either side (the
 * most recent past ones and the nearest upcoming ones, never far-future ones ahead of them), at
 * most 6, shown by eventDate newest first.
 */
export function recentEvents(events: readonly Event[], max = 6, now: Date = new Date()): Event[] {
  const distance = (e: Event) => Math.abs(time(e) - now.getTime());
  const nearest = [...events].sort((a, b) => distance(a) - distance(b)).slice(0, max);
  return sortEvents(nearest, 'date-desc');
}

/** Future events by date ascending. */
export function upcomingEvents(events: readonly Event[], now: Date = new Date()): Event[] {
  return sortEvents(
    events.filter((e) => time(e) > now.getTime()),
    'date-asc',
  );
}

export type EventPhase = 'upcoming' | 'in-progress' | 'ended';

/**
 * Where an event stands: upcoming until it starts (registration and volunteering are open), in
 * progress for the rest of its day in the temple's zone, ended after that.
 */
export function eventPhase(event: Pick<Event, 'eventDate'>, now: Date = new Date()): EventPhase {
  if (new Date(event.eventDate).getTime() > now.getTime()) return 'upcoming';
  return formatDate(event.eventDate) === formatDate(now) ? 'in-progress' : 'ended';
}

/** '{n} spots left', singular at 1; null when the event has no capacity. */
export function spotsLeftLabel(spotsLeft: number | null): string | null {
  if (spotsLeft === null || spotsLeft === undefined) return null;
  return t('events.spotsLeft', { count: spotsLeft });
}

/** Appends a cache-busting parameter (used once after an image fails to load). */
export function cacheBust(url: string, stamp: number = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}retry=${stamp}`;
}

/**
 * The widths the server also sends an uploaded event picture at, as WebP
 * (`IMAGE_VARIANT_WIDTHS` in `crates/domain/src/image.rs`).
 */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1440] as const;

/**
 * The `srcset` of an uploaded event picture's WebP copies (`/api/events/{id}/image?v=…&w=480`
 * and so on), or `undefined` for a picture this server does not hold (an http(s) URL).
 */
export function webpSrcSet(src: string): string | undefined {
  if (!/^\/api\/events\/[^/?]+\/image(\?|$)/.test(src)) return undefined;
  const separator = src.includes('?') ? '&' : '?';
  return IMAGE_VARIANT_WIDTHS.map((width) => `${src}${separator}w=${width} ${width}w`).join(', ');
}
