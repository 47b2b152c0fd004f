import { describe, expect, it } from 'vitest';
import { LUNAR_MONTH_NAMES, NAKSHATRA_NAMES, nakshatraName, pakshaOf, SOLAR_MONTH_NAMES, tithiLabel, tithiNameOf } from './lunar-names';

describe('lunar names', () => {
  it('names the tithis of both pakshas as the API does', () => {
    expect(tithiLabel(9)).toBe('Shukla Navami');
    expect(tithiLabel(15)).toBe('Pournami');
    expect(tithiLabel(19)).toBe('Krishna Chaturthi');
    expect(tithiLabel(26)).toBe('Krishna Ekadashi');
    expect(tithiLabel(30)).toBe('Amavasya');
    expect(tithiNameOf(16)).toBe('Pratipada');
    expect(pakshaOf(15)).toBe('shukla');
    expect(pakshaOf(16)).toBe('krishna');
  });

  it('has 27 nakshatras and 12 months of each kind', () => {
    expect(NAKSHATRA_NAMES).toHaveLength(27);
    expect(nakshatraName(1)).toBe('Ashwini');
    expect(nakshatraName(22)).toBe('Shravana');
    expect(nakshatraName(27)).toBe('Revati');
    expect(nakshatraName(28)).toBe('');
    expect([LUNAR_MONTH_NAMES[0], LUNAR_MONTH_NAMES[6], LUNAR_MONTH_NAMES[11]]).toEqual(['Chaitra', 'Ashwin', 'Phalguna']);
    expect([SOLAR_MONTH_NAMES[0], SOLAR_MONTH_NAMES[8], SOLAR_MONTH_NAMES[11]]).toEqual(['Mesha', 'Dhanu', 'Meena']);
  });
});
