// The words of a festival rule's parts in the editor's form (crates/domain/src/festival.rs).

export type Moment = 'sunrise' | 'madhyahna' | 'pradosha' | 'nishita';

/** The moments at which a festival's tithi must run, each with what it means and an example. */
export const MOMENTS: readonly { value: Moment; label: string; explanation: string }[] = [
  { value: 'sunrise', label: 'At sunrise', explanation: 'The tithi at sunrise: most festivals and vratas.' },
  { value: 'madhyahna', label: 'At midday (madhyahna)', explanation: 'The middle of the daytime, as for Sri Rama Navami.' },
  { value: 'pradosha', label: 'In the evening (pradosha)', explanation: "Just after sunset, as for Diwali's Lakshmi puja." },
  { value: 'nishita', label: 'At midnight (nishita)', explanation: 'Halfway from sunset to the next sunrise, as for Krishna Janmashtami.' },
];

/** "2026-11-08" as "Sunday, November 8, 2026" (a calendar day: no time zone involved). */
export function longDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
