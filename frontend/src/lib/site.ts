import useSWR from 'swr';
import { apiKeys } from '@/lib/api-keys';
import type { Site, SiteSettings } from '@/types/api';

/** GET /api/site: the temple's settings (admins edit them in Admin → Temple) and today's notices. */
export function useSite() {
  const { data, error, isLoading } = useSWR<Site>(apiKeys.site);
  // Loading means no data yet: data seeded from the page (lib/initial-data.ts) stays on screen while it revalidates.
  return { settings: data?.settings, notices: data?.notices ?? [], error: error as Error | undefined, isLoading: isLoading && data === undefined };
}

/** The postal address, one entry per non-empty line. */
export function addressLines(settings: Pick<SiteSettings, 'address'>): string[] {
  return settings.address
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** What the map and directions search for: the map search, else the address on one line; '' for none. */
export function mapQuery(settings: Pick<SiteSettings, 'address' | 'mapQuery'>): string {
  return settings.mapQuery.trim() || addressLines(settings).join(', ');
}

export const mapEmbedUrl = (query: string) => `https://maps.google.com/maps?q=${encodeURIComponent(query)}&z=13&output=embed`;
export const directionsUrl = (query: string) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(query)}`;

/** A tel: link for a phone number as typed ("(916) 555-0100" → "tel:9165550100"; "+1 ..." keeps its +). */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? '+' + digits.slice(1).replace(/\+/g, '') : digits.replace(/\+/g, '')}`;
}

/** The YouTube privacy-enhanced embed of a video id, starting at `start` seconds. */
export const promoVideoUrl = (id: string, start: number) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?start=${start}&rel=0`;

/** Whether any of the hours card's values is set (the card hides otherwise). */
export function hasHours(s: SiteSettings): boolean {
  return [s.weekdayMorning, s.weekdayEvening, s.weekendMorning, s.weekendEvening, s.sayanostavam, s.hoursNote].some((v) => v.trim());
}

/** The social links that are set, in a fixed order. */
export function socialLinks(s: SiteSettings): { label: 'Facebook' | 'Instagram' | 'YouTube' | 'X'; href: string }[] {
  const all = [
    { label: 'Facebook' as const, href: s.facebookUrl },
    { label: 'Instagram' as const, href: s.instagramUrl },
    { label: 'YouTube' as const, href: s.youtubeUrl },
    { label: 'X' as const, href: s.xUrl },
  ];
  return all.filter((l) => l.href.trim());
}
