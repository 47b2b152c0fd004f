import { http, HttpResponse } from 'msw';
import type { DoorChanges, DoorCount, DoorEntry } from '@/types/door';
import { server } from './server';

type Call = { method: string; path: string; body: unknown };

/**
 * The door desk's API of one event for a test: search over `entries` (names, or the code; an empty
 * search lists the check-ins, newest first) as of change `seq`, and a changes feed that holds each
 * ask until the test pushes a change (`push`). Check-ins, scans and walk-ins are answered by the
 * test's own handlers (`server.use`); every request is recorded in `calls`.
 */
export function serveDoor(eventId: string, entries: DoorEntry[], count: DoorCount, seq = 10) {
  const calls: Call[] = [];
  const changesAsked: number[] = [];
  const queued: DoorChanges[] = [];
  const waiting: ((changes: DoorChanges) => void)[] = [];
  server.use(
    http.get(`/api/events/${eventId}/door/search`, ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      calls.push({ method: 'GET', path: `search?q=${q}`, body: null });
      const words = q.split(' ').filter(Boolean);
      const code = q.replace(/^mandir:/, '').replace('-', '');
      const found = q
        ? entries.filter(
            (e) =>
              (e.confirmationCode ?? '').toLowerCase().replace('-', '') === code ||
              words.every((w) => [e.firstName, e.lastName, ...e.familyNames].join(' ').toLowerCase().includes(w)),
          )
        : entries.filter((e) => e.checkedInAt !== null).sort((a, b) => (b.checkedInAt ?? '').localeCompare(a.checkedInAt ?? ''));
      return HttpResponse.json({ entries: found, seq, count });
    }),
    http.get(`/api/events/${eventId}/door/changes`, ({ request }) => {
      changesAsked.push(Number(new URL(request.url).searchParams.get('after')));
      const next = queued.shift();
      if (next) return HttpResponse.json(next);
      return new Promise<Response>((resolve) => {
        waiting.push((changes) => resolve(HttpResponse.json(changes)));
      });
    }),
  );
  return {
    calls,
    /** The `after` of every ask for changes. */
    changesAsked,
    /** Answers the held ask for changes (or the next one) with these. */
    push(changes: DoorChanges) {
      const answer = waiting.shift();
      if (answer) answer(changes);
      else queued.push(changes);
    },
  };
}

/** Records a request's method, path and JSON body. */
export async function recordCall(calls: Call[], request: Request) {
  const text = await request.text();
  calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? (JSON.parse(text) as unknown) : null });
}
