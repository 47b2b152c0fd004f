import { describe, expect, it } from 'vitest';
import { apiKeys, isUserScopedKey } from './api-keys';

describe('isUserScopedKey', () => {
  it('clears what depends on who is signed in, their check-in QR codes included, and keeps public data', () => {
    for (const key of [
      apiKeys.userEvents('u-1'),
      apiKeys.eventAttendee('e-1'),
      apiKeys.eventAttendeeQr('e-1'),
      apiKeys.eventAttendees('e-1'),
      '/api/events/e-1/volunteers/me',
      '/api/events/e-1/waitlist/me',
      [apiKeys.eventAttendee('e-1'), 'mode'],
    ]) {
      expect(isUserScopedKey(key), String(key)).toBe(true);
    }
    for (const key of ['/api/events', '/api/events/e-1', '/api/events/e-1/attendee/other', '/api/site', 42, undefined]) {
      expect(isUserScopedKey(key), String(key)).toBe(false);
    }
  });
});
