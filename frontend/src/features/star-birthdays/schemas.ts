import * as yup from 'yup';
import type { BirthBody, StarBirthday, StarBirthdayBody } from '@/types/api';
import { t } from './i18n';
import en from './i18n/en.json';
import { DEFAULT_BIRTH_ZONE } from './lib/time-zones';

// The server's messages (crates/domain/src/star_birthday.rs), letter for letter, in English as it
// sends them (i18n/en.json); the form says them in the page's language.
export const NAKSHATRA_REQUIRED = en['stars.schema.nakshatraRequired'];
export const NAKSHATRA_INVALID = en['stars.schema.nakshatraInvalid'];
export const BIRTH_DATE_INVALID = en['stars.schema.birthDateInvalid'];
export const BIRTH_TIME_INVALID = en['stars.schema.birthTimeInvalid'];
export const BIRTH_ZONE_INVALID = en['stars.schema.birthZoneInvalid'];
export const BIRTH_INCOMPLETE = en['stars.schema.birthIncomplete'];
export const DAYS_BEFORE_INVALID = en['stars.schema.daysBeforeInvalid'];

const birthDateInvalid = () => t('stars.schema.birthDateInvalid');
const birthTimeInvalid = () => t('stars.schema.birthTimeInvalid');
const birthIncomplete = () => t('stars.schema.birthIncomplete');

/** How many days before a star day its reminder goes out, by default. */
export const DEFAULT_DAYS_BEFORE = 2;

/** The birth star form: the star ('' when it is to be worked out from the birth), the birth, the reminder. */
export type StarValues = {
  /** "1" (Ashwini) … "27" (Revati), or ''. */
  nakshatra: string;
  birthDate: string;
  birthTime: string;
  birthZone: string;
  remind: boolean;
  /** "1" … "7". */
  daysBefore: string;
};

const blank = (v: string | undefined) => !(v ?? '').trim();

/** A "YYYY-MM-DD" date from 1900 to `today`, as the server accepts a birth date. */
export function validBirthDate(v: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return real && y >= 1900 && v <= today;
}

const validTime = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

/** The form's rules, as the server checks them on the member's `today` ("YYYY-MM-DD"). */
export function starSchema(today: string) {
  return yup.object({
    birthDate: yup
      .string()
      .test('date', birthDateInvalid, (v) => blank(v) || validBirthDate((v ?? '').trim(), today))
      // A time given without a date cannot be used.
      .test('incomplete', birthIncomplete, function (v) {
        return !blank(v) || blank(this.parent.birthTime as string);
      }),
    birthTime: yup.string().test('time', birthTimeInvalid, (v) => blank(v) || validTime((v ?? '').trim())),
    nakshatra: yup.string().test('star', function (v) {
      if (!blank(v)) {
        return (/^\d+$/.test(v ?? '') && Number(v) >= 1 && Number(v) <= 27) || this.createError({ message: t('stars.schema.nakshatraInvalid') });
      }
      const { birthDate, birthTime, birthZone } = this.parent as StarValues;
      if (blank(birthDate)) return this.createError({ message: t('stars.schema.nakshatraRequired') });
      if (blank(birthTime) || blank(birthZone)) return this.createError({ message: birthIncomplete() });
      return true;
    }),
    remind: yup.boolean(),
    daysBefore: yup.string().test('days', () => t('stars.schema.daysBeforeInvalid'), (v) => /^[1-7]$/.test((v ?? '').trim())),
  });
}

/** The form's first values: the recorded star and birth, or none (the birthplace in India by default). */
export function starValues(star: StarBirthday | null): StarValues {
  return {
    nakshatra: star ? String(star.nakshatra) : '',
    birthDate: star?.birthDate ?? '',
    birthTime: star?.birthTime ?? '',
    birthZone: star?.birthZone ?? DEFAULT_BIRTH_ZONE,
    remind: star?.remind ?? false,
    daysBefore: String(star?.daysBefore ?? DEFAULT_DAYS_BEFORE),
  };
}

/**
 * The API body. The time zone is only sent with a birth date or time: the form always holds one
 * (India's by default), and a zone without a date is refused.
 */
export function toStarBody(v: StarValues): StarBirthdayBody {
  const date = v.birthDate.trim();
  const time = v.birthTime.trim();
  return {
    nakshatra: v.nakshatra ? Number(v.nakshatra) : null,
    birthDate: date || null,
    birthTime: time || null,
    birthZone: date || time ? v.birthZone.trim() || null : null,
    remind: v.remind,
    daysBefore: Number(v.daysBefore),
  };
}

/** What "Work it out" needs, field by field (the server's messages), or null when it can ask. */
export function birthErrors(v: Pick<StarValues, 'birthDate' | 'birthTime' | 'birthZone'>, today: string): Partial<Record<keyof BirthBody, string>> | null {
  const errors: Partial<Record<keyof BirthBody, string>> = {};
  if (blank(v.birthDate)) errors.birthDate = birthIncomplete();
  else if (!validBirthDate(v.birthDate.trim(), today)) errors.birthDate = birthDateInvalid();
  if (blank(v.birthTime)) errors.birthTime = birthIncomplete();
  else if (!validTime(v.birthTime.trim())) errors.birthTime = birthTimeInvalid();
  if (blank(v.birthZone)) errors.birthZone = birthIncomplete();
  return Object.keys(errors).length > 0 ? errors : null;
}
