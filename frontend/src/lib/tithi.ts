// The tithi's name as devotees read it, shared by the panchangam page and the events calendar's
// tithis (features may not import each other). Pure text work: the server's page renderer runs it
// too (docs/architecture.md#public-pages).

/** A tithi as the API writes it: its number (1–30), its name and its paksha (`shukla`, `krishna`). */
export type TithiRef = { number: number; name: string; paksha: string };

/** "Krishna Dvitiya", "Shukla Ekadashi"; Pournami and Amavasya alone, as they name their paksha. */
export function tithiName(tithi: TithiRef): string {
  if (tithi.number === 15 || tithi.number === 30) return tithi.name;
  return `${tithi.paksha.charAt(0).toUpperCase()}${tithi.paksha.slice(1)} ${tithi.name}`;
}

/**
 * Where the tithis' names may break in a narrow column (a calendar's date on a phone), as soft
 * hyphens: shown as "Chatur-" / "dashi" only when the name must wrap, read as one word by screen
 * readers. The browser's own hyphenation has no dictionary for these words.
 */
const BREAKS: Record<string, string> = {
  Pratipada: 'Prati\u00adpada',
  Dvitiya: 'Dvi\u00adtiya',
  Tritiya: 'Tri\u00adtiya',
  Chaturthi: 'Cha\u00adtur\u00adthi',
  Panchami: 'Pan\u00adchami',
  Shashthi: 'Shash\u00adthi',
  Saptami: 'Sap\u00adtami',
  Ashtami: 'Ash\u00adtami',
  Navami: 'Na\u00advami',
  Dashami: 'Da\u00adshami',
  Ekadashi: 'Eka\u00addashi',
  Dvadashi: 'Dva\u00addashi',
  Trayodashi: 'Trayo\u00addashi',
  Chaturdashi: 'Cha\u00adtur\u00addashi',
  Pournami: 'Pour\u00adnami',
  Amavasya: 'Ama\u00advasya',
};

/** A tithi's name ("Krishna Chaturdashi") with soft hyphens where its words may break. */
export function breakableTithiName(name: string): string {
  return name
    .split(' ')
    .map((word) => BREAKS[word] ?? word)
    .join(' ');
}
