import { describe, expect, it } from 'vitest';
import { makeDoorCount, makeDoorEntry } from '@/testing/data';
import { walkInSchema, walkInValues } from '../schemas';
import { countParts, looksLikeCode, parsePeople, walkInPrefill } from './door';
import { emptyLive, shownEntries, withCount, withEntries, currentCount } from './live';

describe('countParts', () => {
  it('writes the count short, with thousands separated and the places left', () => {
    const count = makeDoorCount({
      capacity: 1200,
      registeredParties: 290,
      registeredPeople: 1020,
      walkInParties: 14,
      walkInPeople: 114,
      checkedInParties: 84,
      checkedInPeople: 312,
    });
    expect(countParts(count)).toEqual([
      'Checked in: 312 people (84 families)',
      'Registered: 1,020 people (290 families)',
      'Walk-ins: 14 (114 people)',
      'Capacity 1,200 (66 places left)',
    ]);
    expect(countParts({ ...count, capacity: 1134 })[3]).toBe('Capacity 1,134 (full)');
    expect(countParts({ ...count, capacity: null })).toHaveLength(3);
    expect(countParts(makeDoorCount({ checkedInParties: 1, checkedInPeople: 1 }))[0]).toBe('Checked in: 1 person (1 family)');
    // The server's own reckoning of the places left, when it sends one.
    expect(countParts({ ...count, placesLeft: 1 })[3]).toBe('Capacity 1,200 (1 place left)');
  });
});

describe('what the search field holds', () => {
  it('tells a confirmation code from a name or a phone number', () => {
    expect(looksLikeCode('ABCD-2345')).toBe(true);
    expect(looksLikeCode('abcd2345')).toBe(true);
    expect(looksLikeCode('MANDIR:ABCD-2345')).toBe(true);
    expect(looksLikeCode('WXYZ-QRST')).toBe(true);
    expect(looksLikeCode('Sharmaji')).toBe(false);
    expect(looksLikeCode('91655512')).toBe(false);
  });

  it('starts a walk-in from a name or a phone number', () => {
    expect(walkInPrefill(' Priya  Devi Sharma ')).toEqual({ firstName: 'Priya', lastName: 'Devi Sharma', phoneNumber: '' });
    expect(walkInPrefill('916 555 0101')).toEqual({ firstName: '', lastName: '', phoneNumber: '916 555 0101' });
    expect(walkInPrefill('ABCD-2345')).toEqual({ firstName: '', lastName: '', phoneNumber: '' });
  });

  it('reads a people count from 1 to 99', () => {
    expect(parsePeople('4')).toBe(4);
    expect(parsePeople(' 99 ')).toBe(99);
    expect(parsePeople('0')).toBeNull();
    expect(parsePeople('100')).toBeNull();
    expect(parsePeople('2.5')).toBeNull();
    expect(parsePeople('')).toBeNull();
  });
});

describe('the live state', () => {
  const priya = makeDoorEntry({ id: 'a-1', seq: 3 });
  const ravi = makeDoorEntry({ id: 'a-2', firstName: 'Ravi', lastName: 'Kumar', checkedInAt: '2030-11-01T17:00:00Z', arrivedPeople: 2, seq: 4 });
  const count = makeDoorCount();

  it('shows each entry in its newest state and keeps an older change from undoing a newer one', () => {
    const results = { q: 'priya', entries: [priya], seq: 5, count };
    const arrived = { ...priya, checkedInAt: '2030-11-01T17:05:00Z', arrivedPeople: 4, seq: 6 };
    let live = withEntries(emptyLive, [arrived]);
    expect(shownEntries(results, live)).toEqual([arrived]);
    live = withEntries(live, [{ ...priya, seq: 2 }]);
    expect(shownEntries(results, live)).toEqual([arrived]);
  });

  it('adds new check-ins to the latest, drops undone ones and walk-ins taken off', () => {
    const walkIn = makeDoorEntry({ kind: 'walkIn', id: 'w-1', checkedInAt: '2030-11-01T16:00:00Z', arrivedPeople: 1, seq: 2 });
    const results = { q: '', entries: [ravi, walkIn], seq: 5, count };
    const arrived = { ...priya, checkedInAt: '2030-11-01T17:05:00Z', arrivedPeople: 4, seq: 6 };
    const undone = { ...ravi, checkedInAt: null, arrivedPeople: null, seq: 7 };
    const live = withEntries(withEntries(emptyLive, [arrived, undone]), [{ ...walkIn, removed: true }], true);
    expect(shownEntries(results, live)).toEqual([arrived]);
    // A change the answer already had is not added again.
    expect(shownEntries({ ...results, entries: [], seq: 9 }, withEntries(emptyLive, [arrived]))).toEqual([]);
  });

  it('shows the newest count, from the search or the feed', () => {
    const newer = makeDoorCount({ checkedInPeople: 9 });
    const live = withCount(emptyLive, newer, 8);
    expect(currentCount({ q: '', entries: [], seq: 5, count }, live)).toBe(newer);
    expect(currentCount({ q: '', entries: [], seq: 9, count }, live)).toBe(count);
    expect(withCount(live, count, 7)).toBe(live);
  });
});

describe('walkInSchema', () => {
  it('asks for names of 2 to 100 characters and 1 to 99 people, the phone and e-mail optional', async () => {
    const errors = async (values: Parameters<typeof walkInValues>[0]) =>
      walkInSchema.validate(walkInValues(values), { abortEarly: false }).then(
        () => [],
        (e: { errors: string[] }) => e.errors,
      );
    expect(await errors({ firstName: 'Anita', lastName: 'Rao' })).toEqual([]);
    expect(await errors({ firstName: 'A', lastName: '', people: '100', email: 'nope' })).toEqual([
      'First name must be at least 2 characters',
      'Last name is required',
      'Invalid email address',
      'Enter how many people came: 1 to 99',
    ]);
    expect(await errors({ firstName: 'Anita', lastName: 'R'.repeat(101), phoneNumber: '1'.repeat(33), people: 2 })).toEqual([
      'Last name must be at most 100 characters',
      'Phone number must be at most 32 characters',
    ]);
  });
});
