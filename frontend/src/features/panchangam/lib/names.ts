// The panchangam's names in the page's language (ADR 0149). The API writes them in English
// transliteration ("Krishna Dvitiya", "Rohini", src/lib/tithi.ts, src/lib/lunar-names.ts), which
// English pages show; the other languages' catalogues (../names/i18n) have each one by its number in
// their native script, loaded with the language. A number a catalogue does not know keeps the API's
// name.
import { translatedName } from '@/i18n/runtime';
import { tithiNameOf } from '@/lib/lunar-names';
import type { TithiRef } from '@/lib/tithi';
import type { PanchangamDay } from '@/types/api';
import { t } from '../i18n';
import en from '../i18n/en.json';

type Key = keyof typeof en;

function named(key: string, fallback: string): string {
  if (key in en) return t(key as Key);
  return translatedName(key) ?? fallback;
}

const capitalized = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** A tithi's name alone (1–30): "Dvitiya" for 2 and 17, "Pournami" (15), "Amavasya" (30). */
export function tithiWord(number: number, fallback = tithiNameOf(number)): string {
  const key = number === 30 ? 30 : ((number - 1) % 15) + 1;
  return named(`panchangam.tithi.${key}`, fallback);
}

/** "Shukla", "Krishna": a paksha as it stands before a tithi's name. */
function pakshaWord(paksha: string): string {
  return named(`panchangam.paksha.${paksha}`, capitalized(paksha));
}

/** "Krishna Dvitiya", "Shukla Ekadashi"; Pournami and Amavasya alone, as they name their paksha. */
export function tithiText(tithi: TithiRef): string {
  const word = tithiWord(tithi.number, tithi.name);
  if (tithi.number === 15 || tithi.number === 30) return word;
  return t('panchangam.tithiWithPaksha', { paksha: pakshaWord(tithi.paksha), tithi: word });
}

/** "Shukla paksha", "Krishna paksha". */
export function pakshaText(paksha: string): string {
  return named(`panchangam.pakshaName.${paksha}`, `${capitalized(paksha)} paksha`);
}

type Limb = { number: number; name: string };

export const nakshatraText = (nakshatra: Limb) => named(`panchangam.nakshatra.${nakshatra.number}`, nakshatra.name);
export const yogaText = (yoga: Limb) => named(`panchangam.yoga.${yoga.number}`, yoga.name);

/** Karana 1 is Kimstughna; 2–57 run through the seven movable ones; 58–60 are Shakuni, Chatushpada and Naga. */
const MOVABLE_KARANAS = ['bava', 'balava', 'kaulava', 'taitila', 'garaja', 'vanija', 'vishti'];
const FIXED_KARANAS: Record<number, string> = { 1: 'kimstughna', 58: 'shakuni', 59: 'chatushpada', 60: 'naga' };

export function karanaText(karana: Limb): string {
  const n = karana.number;
  const slug = FIXED_KARANAS[n] ?? (n >= 2 && n <= 57 ? MOVABLE_KARANAS[(n - 2) % 7] : '');
  return named(`panchangam.karana.${slug}`, karana.name);
}

/** "Ravivara (Sunday)" in English; the weekday's own name, the vara's, in the other languages. */
export const varaText = (vara: PanchangamDay['vara']) => named(`panchangam.vara.${vara.number}`, `${vara.name}`);

/** A lunar month as it stands before a tithi: "Kartika", or "Adhika Jyeshtha" for a leap month. */
export function lunarMonthStem(month: PanchangamDay['lunarMonth']): string {
  const name = named(`panchangam.lunarMonth.${month.number}`, month.name);
  return month.adhika ? t('panchangam.adhika', { month: name }) : name;
}

/** A lunar month on its own: "Kartika", "Adhika Jyeshtha" (in Telugu "కార్తీక మాసం"). */
export function lunarMonthText(month: PanchangamDay['lunarMonth']): string {
  return t('panchangam.lunarMonthWord', { month: lunarMonthStem(month) });
}
