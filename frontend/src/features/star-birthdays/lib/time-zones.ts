/** The zone offered first for a birthplace (many of the temple's families were born in India). */
export const DEFAULT_BIRTH_ZONE = 'Asia/Kolkata';

/**
 * The IANA zones to choose a birthplace's from: the browser's list, with the default and the
 * current value added (browsers list India's zone under its old name, Asia/Calcutta).
 */
export function birthZones(current?: string | null): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = new Set(intl.supportedValuesOf?.('timeZone') ?? []);
  zones.add(DEFAULT_BIRTH_ZONE);
  if (current) zones.add(current);
  return [...zones].sort();
}
