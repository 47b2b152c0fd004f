import { describe, expect, it } from 'vitest';
import type { BoardShift } from '@/types/volunteer-shifts';
import { boardTotals, countLabel, sheetFileName, shortBy, summaryLine, waitlistPosition } from './board';
import { endsNextDay, hasStarted, shiftLabel, shiftSpan, templeInstant, templeParts } from './shift-time';

describe('shift times in the temple zone', () => {
  it('reads a day and a time as temple time, summer and winter', () => {
    expect(templeInstant('2030-07-04', '09:30')).toBe('2030-07-04T16:30:00.000Z');
    expect(templeInstant('2030-11-08', '14:00')).toBe('2030-11-08T22:00:00.000Z');
    expect(templeInstant('2030-02-31', '09:00')).toBeNull();
    expect(templeInstant('2030-11-08', '')).toBeNull();
    expect(templeParts('2030-11-08T22:00:00Z')).toEqual({ date: '2030-11-08', time: '14:00' });
  });

  it('ends a shift the next day when its end is earlier than its start', () => {
    expect(shiftSpan('2030-11-08', '18:00', '22:00')).toEqual({ startsAt: '2030-11-09T02:00:00.000Z', endsAt: '2030-11-09T06:00:00.000Z' });
    expect(shiftSpan('2030-11-08', '22:00', '01:00')).toEqual({ startsAt: '2030-11-09T06:00:00.000Z', endsAt: '2030-11-09T09:00:00.000Z' });
    expect(endsNextDay('22:00', '01:00')).toBe(true);
    expect(endsNextDay('9:00', '13:00')).toBe(false);
  });

  it('labels a shift and knows when it has started', () => {
    const shift = { startsAt: '2030-11-08T22:00:00Z', endsAt: '2030-11-09T02:00:00Z' };
    expect(shiftLabel(shift)).toBe('Nov 08, 2030 · 2:00 PM – 6:00 PM');
    expect(hasStarted(shift, Date.parse('2030-11-08T21:59:00Z'))).toBe(false);
    expect(hasStarted(shift, Date.parse('2030-11-08T22:00:00Z'))).toBe(true);
  });
});

describe('the board in numbers', () => {
  const shift = (needed: number, filled: number): BoardShift => ({ id: 's', roleId: 'r', startsAt: '', endsAt: '', needed, filled, waitlisted: 0, volunteers: [] });

  it('counts places filled (never past needed) of places needed, and the drop requests', () => {
    const board = { dropRequests: 2, roles: [{ id: 'r', name: 'P', description: null, minAge: null, reportTo: null, oneStep: false, shifts: [shift(3, 1), shift(2, 4)] }] };
    expect(boardTotals(board)).toEqual({ filled: 3, needed: 5, dropRequests: 2 });
    expect(summaryLine(board)).toBe('3 of 5 places filled · 2 drop requests');
    expect(shortBy(shift(3, 1))).toBe(2);
    expect(shortBy(shift(2, 4))).toBe(0);
    expect(countLabel(1, 'volunteer')).toBe('1 volunteer');
  });

  it('numbers the waitlist in order, and names a sheet after its role and start', () => {
    const v = (id: string, status: 'confirmed' | 'waitlisted') => ({ id, userId: 'u', familyMemberId: null, name: id, email: '', phone: null, status, attendance: null, dropRequested: false, signedUpAt: '' });
    const s = { volunteers: [v('a', 'confirmed'), v('b', 'waitlisted'), v('c', 'waitlisted')] };
    expect(waitlistPosition(s, s.volunteers[0])).toBeNull();
    expect(waitlistPosition(s, s.volunteers[2])).toBe(2);
    expect(sheetFileName({ name: 'Shoe counter & gate' }, { startsAt: '2030-11-08T22:00:00Z' })).toBe('shoe-counter-gate-2030-11-08-1400.csv');
  });
});
