import { describe, expect, it } from 'vitest';
import { occurrenceLabel } from './occurrence';

describe('occurrenceLabel', () => {
  it('reads the local date and time the server gives, whatever the viewer zone', () => {
    expect(occurrenceLabel({ date: '2026-03-14', timeLabel: '9:00 AM' })).toBe('Sat, Mar 14 · 9:00 AM');
    expect(occurrenceLabel({ date: '2026-11-01', timeLabel: '7:00 AM' })).toBe('Sun, Nov 1 · 7:00 AM');
  });
});
