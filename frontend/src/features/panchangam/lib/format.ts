// The panchangam's words and times as devotees read them. Every instant comes written at the
// temple's UTC offset ("2026-11-25T23:45:45-08:00"), so its date and clock time are read from the
// text itself: the temple's, whatever the visitor's zone, with no time-zone data (and so in the
// server's page renderer too, docs/architecture.md#public-pages).
import { tithiName } from '@/lib/tithi';
import type { Festival, PanchangamDay } from '@/types/api';

/** The clock time of an instant at the temple: "11:45 PM" (seconds dropped, as almanacs do). */
export function clockTime(instant: string): string {
  const hour = Number(instant.slice(11, 13));
  return `${hour % 12 || 12}:${instant.slice(14, 16)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * When something that was running at the sunrise of `date` ends: "11:45 PM", or "3:20 AM tomorrow"
 * past the next midnight (a tithi, nakshatra, yoga or karana ends within a day and a few hours of
 * sunrise, so never later than the next day).
 */
export function endTime(instant: string, date: string): string {
  return instant.slice(0, 10) > date ? `${clockTime(instant)} tomorrow` : clockTime(instant);
}

/** "Kartika", or "Adhika Jyeshtha" for a leap month. */
export function lunarMonthName(month: PanchangamDay['lunarMonth']): string {
  return month.adhika ? `Adhika ${month.name}` : month.name;
}

/** The home page's line: "Kartika Krishna Dvitiya until 11:45 PM · Rohini · Sunrise 6:57 AM". */
export function todayText(day: PanchangamDay): string {
  return `${lunarMonthName(day.lunarMonth)} ${tithiName(day.tithi)} until ${endTime(day.tithi.endsAt, day.date)} · ${day.nakshatra.name} · Sunrise ${clockTime(day.sunrise)}`;
}

/** When in the day a festival's tithi must run, in words. */
const MOMENTS: Record<string, string> = { sunrise: 'sunrise', madhyahna: 'midday', pradosha: 'dusk', nishita: 'midnight' };

/** Why a festival falls on its day: "Krishna Ashtami at midnight", "Shukla Dashami at sunrise". */
export function festivalRule(festival: Festival): string {
  const tithi = tithiName({ number: festival.tithi, name: festival.tithiName, paksha: festival.paksha });
  const moment = MOMENTS[festival.moment];
  return moment ? `${tithi} at ${moment}` : tithi;
}
