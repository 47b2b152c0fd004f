// The lists a sankalpam names people by, offered as suggestions (members may type their own).
import { formatUSD } from '@/lib/format';

export const NAKSHATRAMS = [
  'Ashwini', 'Bharani', 'Krittika', 'Rohini', 'Mrigashira', 'Ardra', 'Punarvasu', 'Pushya', 'Ashlesha', 'Magha',
  'Purva Phalguni', 'Uttara Phalguni', 'Hasta', 'Chitra', 'Swati', 'Vishakha', 'Anuradha', 'Jyeshtha', 'Mula',
  'Purva Ashadha', 'Uttara Ashadha', 'Shravana', 'Dhanishta', 'Shatabhisha', 'Purva Bhadrapada', 'Uttara Bhadrapada', 'Revati',
] as const;

export const RASIS = [
  'Mesha', 'Vrishabha', 'Mithuna', 'Karka', 'Simha', 'Kanya', 'Tula', 'Vrishchika', 'Dhanu', 'Makara', 'Kumbha', 'Meena',
] as const;

export const CATEGORY_LABELS: Record<string, string> = {
  temple: 'At the temple',
  home: 'At your home',
  proxy: 'By proxy (performed on your behalf)',
};

/** "Ravi (Kashyapa, Rohini, Vrishabha)" */
export function personLabel(p: { name?: string | null; gotram?: string | null; nakshatram?: string | null; rasi?: string | null }): string {
  const extra = [p.gotram, p.nakshatram, p.rasi].filter((x): x is string => Boolean(x && x.trim()));
  return extra.length ? `${p.name ?? ''} (${extra.join(', ')})` : (p.name ?? '');
}

/** "2026-03-14" as "Saturday, March 14, 2026", read as a calendar date (no time zone shift). */
export { longDateLabel as formatLocalDate } from '@/lib/dates';

export { addDays, todayIn } from '@/lib/dates';

export function formatCents(cents: number): string {
  return formatUSD(cents / 100);
}
