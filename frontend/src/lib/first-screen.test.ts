import { describe, expect, it } from 'vitest';
import { makeStaff, makeUser } from '@/testing/data';
import { firstScreen } from './first-screen';

describe('firstScreen', () => {
  it("opens a priest's own sevas", () => {
    expect(firstScreen(makeStaff(['priest']))).toBe('/my-sevas');
  });

  it('opens the counter for the front desk', () => {
    expect(firstScreen(makeStaff(['front_desk']))).toBe('/counter');
    expect(firstScreen(makeStaff(['front_desk', 'treasurer']))).toBe('/counter');
    expect(firstScreen(makeStaff(['admin', 'front_desk']))).toBe('/admin');
  });

  it('opens the admin area (its first tab) for any other staff, a priest with another role too', () => {
    expect(firstScreen(makeStaff(['treasurer']))).toBe('/admin');
    expect(firstScreen(makeStaff(['volunteer_coordinator']))).toBe('/admin');
    expect(firstScreen(makeStaff(['priest', 'editor']))).toBe('/admin');
    expect(firstScreen(makeStaff(['admin']))).toBe('/admin');
  });

  it('opens the home page for a member', () => {
    expect(firstScreen(makeUser())).toBe('/');
  });
});
