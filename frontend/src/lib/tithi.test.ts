import { describe, expect, it } from 'vitest';
import { breakableTithiName, tithiName } from './tithi';

describe("a tithi's name", () => {
  it('has its paksha, but Pournami and Amavasya stand alone', () => {
    expect(tithiName({ number: 11, name: 'Ekadashi', paksha: 'shukla' })).toBe('Shukla Ekadashi');
    expect(tithiName({ number: 17, name: 'Dvitiya', paksha: 'krishna' })).toBe('Krishna Dvitiya');
    expect(tithiName({ number: 15, name: 'Pournami', paksha: 'shukla' })).toBe('Pournami');
    expect(tithiName({ number: 30, name: 'Amavasya', paksha: 'krishna' })).toBe('Amavasya');
  });

  it('may break between syllables of its words, and reads the same without the soft hyphens', () => {
    expect(breakableTithiName('Krishna Chaturdashi')).toBe('Krishna Cha\u00adtur\u00addashi');
    expect(breakableTithiName('Pournami')).toBe('Pour\u00adnami');
    for (const name of ['Shukla Pratipada', 'Krishna Trayodashi', 'Amavasya', 'Shukla Ekadashi']) {
      expect(breakableTithiName(name).replace(/\u00ad/g, '')).toBe(name);
    }
    // A word it does not know is left whole.
    expect(breakableTithiName('Adhika Something')).toBe('Adhika Something');
  });
});
