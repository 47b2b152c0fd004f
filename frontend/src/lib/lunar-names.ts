// The names of the lunar calendar's parts as the API writes them (crates/domain/src/panchangam.rs:
// TITHI_NAMES, NAKSHATRA_NAMES, LUNAR_MONTH_NAMES, RASHI_NAMES), shared by the forms that choose
// them: festival rules, recurring services by tithi or nakshatra, star birthdays (features may not
// import each other).

/** The nakshatras, 1 = Ashwini … 27 = Revati (index 0 is nakshatra 1). */
export const NAKSHATRA_NAMES = [
  'Ashwini',
  'Bharani',
  'Krittika',
  'Rohini',
  'Mrigashira',
  'Ardra',
  'Punarvasu',
  'Pushya',
  'Ashlesha',
  'Magha',
  'Purva Phalguni',
  'Uttara Phalguni',
  'Hasta',
  'Chitra',
  'Swati',
  'Vishakha',
  'Anuradha',
  'Jyeshtha',
  'Mula',
  'Purva Ashadha',
  'Uttara Ashadha',
  'Shravana',
  'Dhanishta',
  'Shatabhisha',
  'Purva Bhadrapada',
  'Uttara Bhadrapada',
  'Revati',
] as const;

/** The tithis of one paksha, Pratipada … Pournami (the krishna paksha's 15th is Amavasya). */
export const TITHI_NAMES = [
  'Pratipada',
  'Dvitiya',
  'Tritiya',
  'Chaturthi',
  'Panchami',
  'Shashthi',
  'Saptami',
  'Ashtami',
  'Navami',
  'Dashami',
  'Ekadashi',
  'Dvadashi',
  'Trayodashi',
  'Chaturdashi',
  'Pournami',
] as const;

/** The amanta lunar months, 1 = Chaitra … 12 = Phalguna (index 0 is month 1). */
export const LUNAR_MONTH_NAMES = [
  'Chaitra',
  'Vaishakha',
  'Jyeshtha',
  'Ashadha',
  'Shravana',
  'Bhadrapada',
  'Ashwin',
  'Kartika',
  'Margashirsha',
  'Pausha',
  'Magha',
  'Phalguna',
] as const;

/** The solar months (the Sun's sidereal signs), 0 = Mesha … 11 = Meena. */
export const SOLAR_MONTH_NAMES = ['Mesha', 'Vrishabha', 'Mithuna', 'Karka', 'Simha', 'Kanya', 'Tula', 'Vrishchika', 'Dhanu', 'Makara', 'Kumbha', 'Meena'] as const;

/** "Ashwini" for 1 … "Revati" for 27; '' out of range. */
export function nakshatraName(number: number): string {
  return NAKSHATRA_NAMES[number - 1] ?? '';
}

/** A tithi's name alone (1–30): "Navami", "Pournami" (15), "Amavasya" (30). */
export function tithiNameOf(number: number): string {
  if (number === 30) return 'Amavasya';
  return TITHI_NAMES[(number > 15 ? number - 15 : number) - 1] ?? '';
}

/** The paksha of a tithi: 1–15 shukla (bright), 16–30 krishna (dark). */
export function pakshaOf(number: number): 'shukla' | 'krishna' {
  return number <= 15 ? 'shukla' : 'krishna';
}

/** "Shukla Navami", "Krishna Ekadashi"; Pournami (15) and Amavasya (30) alone, as they name their paksha. */
export function tithiLabel(number: number): string {
  if (number === 15 || number === 30) return tithiNameOf(number);
  return `${number <= 15 ? 'Shukla' : 'Krishna'} ${tithiNameOf(number)}`;
}
