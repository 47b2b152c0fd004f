// The panchangam's words and times as devotees read them. Every instant comes written at the
// temple's UTC offset ("2026-11-25T23:45:45-08:00"), so its date and clock time are read from the
// text itself: the temple's, whatever the visitor's zone, with no time-zone data (and so in the
// server's page renderer too, docs/architecture.md#public-pages). In the other languages than
// English the clock time is date-fns's of the language (no `Intl`).
import { localizedFormat } from '@/i18n/runtime';
import type { Festival, PanchangamDay } from '@/types/api';
import { t } from '../i18n';
import { lunarMonthStem, nakshatraText, tithiText } from './names';

/** The clock time of an instant at the temple: "11:45 PM" (seconds dropped, as almanacs do). */
export function clockTime(instant: string): string {
  const hour = Number(instant.slice(11, 13));
  const localized = localizedFormat(new Date(2000, 0, 1, hour, Number(instant.slice(14, 16))), 'p');
  if (localized !== undefined) return localized;
  return `${hour % 12 || 12}:${instant.slice(14, 16)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * When something that was running at the sunrise of `date` ends: "11:45 PM", or "3:20 AM tomorrow"
 * past the next midnight (a tithi, nakshatra, yoga or karana ends within a day and a few hours of
 * sunrise, so never later than the next day).
 */
export function endTime(instant: string, date: string): string {
  return instant.slice(0, 10) > date ? t('panchangam.endTomorrow', { time: clockTime(instant) }) : clockTime(instant);
}

/** The home page's line: "Kartika Krishna Dvitiya until 11:45 PM · Rohini · Sunrise 6:57 AM". */
export function todayText(day: PanchangamDay): string {
  return t('panchangam.todayText', {
    month: lunarMonthStem(day.lunarMonth),
    tithi: tithiText(day.tithi),
    end: endTime(day.tithi.endsAt, day.date),
    nakshatra: nakshatraText(day.nakshatra),
    sunrise: clockTime(day.sunrise),
  });
}

/**
 * Why a festival falls on its day: "Krishna Ashtami at midnight", "Shukla Dashami at sunrise"
 * (`sunrise`, `madhyahna` at midday, `pradosha` at dusk, `nishita` at midnight).
 */
export function festivalRule(festival: Festival): string {
  const tithi = tithiText({ number: festival.tithi, name: festival.tithiName, paksha: festival.paksha });
  return t('panchangam.festivalRule', { moment: festival.moment, tithi });
}
