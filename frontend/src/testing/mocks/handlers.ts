import { http, HttpResponse } from 'msw';
import { testConfig, testGotrams } from '../data';

/** Baseline answers; tests override with server.use(...). */
export const handlers = [
  http.get('/api/config', () => HttpResponse.json(testConfig)),
  http.get('/api/gotrams', () => HttpResponse.json(testGotrams)),
  http.get('/api/events', () => HttpResponse.json([])),
  http.get('/api/users/:id/events', () => HttpResponse.json([])),
  http.get('/api/users/me', () => HttpResponse.json({ message: 'Authentication required' }, { status: 401 })),
];
