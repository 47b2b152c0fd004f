import { ApiError, errorMessage } from '@/lib/api-client';
import { formatTime } from '@/lib/format';
import type { DoorCount, DoorEntry, DoorSearch } from '@/types/door';

/** What the door shows of one search: the server's answer and the text it was for. */
export type DoorResults = DoorSearch & { q: string };

/** The people a party may check in with (the server's rule). */
export const MIN_PEOPLE = 1;
export const MAX_PEOPLE = 99;

/**
 * How long the search waits after a keystroke before it asks: enough to send one request for a
 * burst of keys, short enough that the answer (the server's well under 50 ms) shows within 100 ms.
 */
export const SEARCH_DEBOUNCE_MS = 30;

/** The latest check-ins list holds at most this many (as the server's answer to an empty search). */
export const LATEST_LIMIT = 20;

/** An entry's identity across searches and the changes feed. */
export function entryKey(e: Pick<DoorEntry, 'kind' | 'id'>): string {
  return `${e.kind}:${e.id}`;
}

export function fullName(e: Pick<DoorEntry, 'firstName' | 'lastName'>): string {
  return [e.firstName, e.lastName].filter(Boolean).join(' ') || 'Guest';
}

/** 1234567 -> "1,234,567" (not Intl: its formatter is slow to create on a phone). */
export function formatCount(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function peopleLabel(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'person' : 'people'}`;
}

function families(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'family' : 'families'}`;
}

/** The places left under the capacity, or null without a limit. */
export function placesLeft(count: DoorCount): number | null {
  if (count.capacity === null) return null;
  return count.placesLeft ?? count.capacity - count.registeredPeople - count.walkInPeople;
}

/**
 * The count bar's parts, each short enough to stay on one line of a phone:
 * "Checked in: 312 people (84 families)", "Registered: 1,020 people (290 families)",
 * "Walk-ins: 14 (114 people)", "Capacity 1,200 (66 places left)".
 */
export function countParts(count: DoorCount): string[] {
  const parts = [
    `Checked in: ${peopleLabel(count.checkedInPeople)} (${families(count.checkedInParties)})`,
    `Registered: ${peopleLabel(count.registeredPeople)} (${families(count.registeredParties)})`,
    `Walk-ins: ${formatCount(count.walkInParties)} (${peopleLabel(count.walkInPeople)})`,
  ];
  const left = placesLeft(count);
  if (count.capacity !== null && left !== null) {
    const room = left <= 0 ? 'full' : `${formatCount(left)} ${left === 1 ? 'place' : 'places'} left`;
    parts.push(`Capacity ${formatCount(count.capacity)} (${room})`);
  }
  return parts;
}

/** "··4567": the end of a phone number, to tell two namesakes apart. */
export function phoneTail(ending: string | null): string | null {
  return ending ? `\u00b7\u00b7${ending}` : null;
}

/** "Checked in 10:02 AM · 4 people · by Priya S." */
export function checkedInLine(e: DoorEntry): string {
  const parts = [`Checked in ${e.checkedInAt ? formatTime(e.checkedInAt) : ''}`.trim()];
  if (e.arrivedPeople !== null) parts.push(peopleLabel(e.arrivedPeople));
  if (e.checkedInBy) parts.push(`by ${e.checkedInBy}`);
  return parts.join(' \u00b7 ');
}

/** "Already checked in at 10:02 AM by Priya S." */
export function alreadyLine(e: DoorEntry): string {
  const at = e.checkedInAt ? ` at ${formatTime(e.checkedInAt)}` : '';
  const by = e.checkedInBy ? ` by ${e.checkedInBy}` : '';
  const line = `Already checked in${at}${by}`;
  return line.endsWith('.') ? line : `${line}.`;
}

/** "Checked in Priya Sharma, 4 people" */
export function checkedInNotice(e: DoorEntry): string {
  return `Checked in ${fullName(e)}, ${peopleLabel(e.arrivedPeople ?? e.people)}`;
}

/** The search text as the key has it: trimmed, single spaces. */
export function normalizeQuery(q: string): string {
  return q.trim().replace(/\s+/g, ' ');
}

/** A confirmation code as typed or scanned by a keyboard scanner: "ABCD-2345", "abcd2345", "MANDIR:ABCD-2345". */
export function looksLikeCode(q: string): boolean {
  const t = q.trim();
  if (/^mandir:[a-z0-9]{4}-?[a-z0-9]{4}$/i.test(t) || /^[a-z0-9]{4}-[a-z0-9]{4}$/i.test(t)) return true;
  // Without the dash: eight letters and digits, both (a name has no digits, a phone no letters).
  return /^[a-z0-9]{8}$/i.test(t) && /\d/.test(t) && /[a-z]/i.test(t);
}

/** A walk-in's first fields from what was searched: a name ("Priya Sharma") or a phone number. */
export function walkInPrefill(q: string): { firstName: string; lastName: string; phoneNumber: string } {
  const text = normalizeQuery(q);
  const digits = text.replace(/\D/g, '');
  if (digits.length >= 4 && !/[a-z]/i.test(text)) return { firstName: '', lastName: '', phoneNumber: text };
  if (looksLikeCode(text)) return { firstName: '', lastName: '', phoneNumber: '' };
  const [first = '', ...rest] = text.split(' ');
  return { firstName: first, lastName: rest.join(' '), phoneNumber: '' };
}

/** A people count typed in a stepper, when it is a whole number from 1 to 99. */
export function parsePeople(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,2}$/.test(t)) return null;
  const n = Number(t);
  return n >= MIN_PEOPLE && n <= MAX_PEOPLE ? n : null;
}

/** The server's message (`message`, or `error` as the door's contract writes it), else the fallback. */
export function doorErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    const data = err.data as { error?: unknown } | null;
    if (err.serverMessage) return err.serverMessage;
    if (data && typeof data.error === 'string' && data.error) return data.error;
    if (err.status === 403) return 'Only staff on door duty for this event can check people in.';
    return fallback;
  }
  return errorMessage(err, fallback);
}
