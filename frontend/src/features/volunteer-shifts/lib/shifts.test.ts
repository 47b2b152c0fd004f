import { describe, expect, it } from 'vitest';
import { filledLabel, hoursLabel, isFull, minAgeLabel, recentYears, shiftTimes, shiftWhen, signupStatusLabel } from './shifts';

describe('shift texts', () => {
  it("writes a shift's times in the temple's time zone, naming the end's day when it is another", () => {
    // November 2, 2030 is still daylight time in Folsom (UTC-7); November 4 is standard time (UTC-8).
    expect(shiftWhen({ startsAt: '2030-11-02T16:00:00Z', endsAt: '2030-11-02T20:30:00Z' })).toBe('Saturday, November 2, 2030, 9:00 AM – 1:30 PM');
    expect(shiftTimes({ startsAt: '2030-11-04T05:00:00Z', endsAt: '2030-11-04T10:00:00Z' })).toBe('9:00 PM – Nov 04, 2030, 2:00 AM');
  });

  it('counts places, ages and hours', () => {
    expect(filledLabel({ filled: 3, needed: 5 })).toBe('3 of 5 filled');
    expect(isFull({ filled: 3, needed: 5 })).toBe(false);
    expect(isFull({ filled: 5, needed: 5 })).toBe(true);
    expect(minAgeLabel(16)).toBe('Ages 16 and over');
    expect(minAgeLabel(null)).toBeNull();
    expect(minAgeLabel(0)).toBeNull();
    expect(hoursLabel(0)).toBe('0 hours');
    expect(hoursLabel(1)).toBe('1 hour');
    expect(hoursLabel(12.5)).toBe('12.5 hours');
    expect(hoursLabel(2.04)).toBe('2 hours');
  });

  it('says where a sign-up stands, attendance first', () => {
    expect(signupStatusLabel({ status: 'confirmed', attendance: null })).toBe('Confirmed');
    expect(signupStatusLabel({ status: 'waitlisted', attendance: null })).toBe('Waitlisted');
    expect(signupStatusLabel({ status: 'confirmed', attendance: 'present' })).toBe('Attended');
    expect(signupStatusLabel({ status: 'confirmed', attendance: 'no_show' })).toBe('Missed');
  });

  it("offers the temple's year and the four before it", () => {
    // 8:00 PM on December 31 in Folsom is already January 1 in UTC.
    expect(recentYears(new Date('2027-01-01T04:00:00Z'))).toEqual([2027, 2026, 2025, 2024, 2023, 2022]);
  });
});
