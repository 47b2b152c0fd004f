import * as yup from 'yup';
import type { FestivalEventsBody, FestivalRule, FestivalRuleBody } from '@/types/api';

// The server's messages (crates/domain/src/festival.rs), letter for letter.
export const NAME_INVALID = 'Festival name must be 3 to 100 characters';
export const DESCRIPTION_TOO_LONG = 'Description must be at most 1000 characters';
export const SOURCE_TOO_LONG = 'Source must be at most 200 characters';
export const MONTH_REQUIRED = 'Choose a lunar month (1 = Chaitra … 12 = Phalguna) or a solar month (0 = Mesha … 11 = Meena)';
export const LUNAR_MONTH_INVALID = 'Lunar month must be 1 (Chaitra) to 12 (Phalguna)';
export const SOLAR_MONTH_INVALID = 'Solar month must be 0 (Mesha) to 11 (Meena)';
export const TITHI_INVALID = 'Choose a tithi from 1 to 30 (1–15 shukla, 16–30 krishna)';
export const MOMENT_INVALID = 'Choose when the tithi must run: sunrise, madhyahna, pradosha or nishita';
export const TWO_DAYS_INVALID = 'Choose which of two days keeps the festival: first or second';

// Making a festival's events (crates/application/src/services/festivals.rs and the event's own rules,
// crates/domain/src/event.rs).
export const FROM_YEAR_INVALID = 'Choose a year from this year to 2100';
export const YEARS_INVALID = 'Make the events for 1 to 10 years';
export const TIME_INVALID = 'Time must be a valid time (HH:MM)';
export const LOCATION_REQUIRED = 'Location is required';
export const LOCATION_TOO_LONG = 'Location must be at most 300 characters';
export const EVENT_DESCRIPTION_TOO_SHORT = 'Description must be at least 10 characters';
export const EVENT_DESCRIPTION_TOO_LONG = 'Description must be at most 10000 characters';
export const CAPACITY_INVALID = 'Capacity must be a whole number of at least 1';

/** The last year the server makes events for. */
export const LAST_YEAR = 2100;
/** The most years made at once. */
export const MOST_YEARS = 10;

/** A whole number from `min` to `max`, typed as text (or kept as a number by a number input). */
const whole = (v: string | number | undefined, min: number, max: number) => {
  const text = String(v ?? '').trim();
  return /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max;
};
const text = (v: string | number | undefined) => String(v ?? '').trim();

/** A festival's rule as the form holds it: the month is lunar or solar (one of the two is sent). */
export type FestivalRuleValues = {
  name: string;
  description: string;
  monthKind: 'lunar' | 'solar';
  /** "1" (Chaitra) … "12" (Phalguna). */
  lunarMonth: string;
  /** "0" (Mesha) … "11" (Meena). */
  solarMonth: string;
  /** "1" … "30". */
  tithi: string;
  moment: string;
  twoDays: string;
  inAdhika: boolean;
  source: string;
};

export const festivalRuleSchema = yup.object({
  name: yup.string().trim().required(NAME_INVALID).min(3, NAME_INVALID).max(100, NAME_INVALID),
  description: yup.string().trim().max(1000, DESCRIPTION_TOO_LONG),
  source: yup.string().trim().max(200, SOURCE_TOO_LONG),
  monthKind: yup.string().oneOf(['lunar', 'solar']).required(),
  lunarMonth: yup.string().when('monthKind', {
    is: 'lunar',
    then: (s) => s.required(MONTH_REQUIRED).test('range', LUNAR_MONTH_INVALID, (v) => !v || whole(v, 1, 12)),
  }),
  solarMonth: yup.string().when('monthKind', {
    is: 'solar',
    then: (s) => s.required(MONTH_REQUIRED).test('range', SOLAR_MONTH_INVALID, (v) => !v || whole(v, 0, 11)),
  }),
  tithi: yup.string().required(TITHI_INVALID).test('range', TITHI_INVALID, (v) => !v || whole(v, 1, 30)),
  moment: yup.string().required(MOMENT_INVALID).oneOf(['sunrise', 'madhyahna', 'pradosha', 'nishita'], MOMENT_INVALID),
  twoDays: yup.string().required(TWO_DAYS_INVALID).oneOf(['first', 'second'], TWO_DAYS_INVALID),
  inAdhika: yup.boolean(),
});

/** The form's first values: the rule's, or a new rule's (a lunar month, at sunrise, the first of two days). */
export function festivalRuleValues(rule: FestivalRule | null): FestivalRuleValues {
  return {
    name: rule?.name ?? '',
    description: rule?.description ?? '',
    monthKind: rule?.solarMonth != null ? 'solar' : 'lunar',
    lunarMonth: rule?.lunarMonth != null ? String(rule.lunarMonth) : '',
    solarMonth: rule?.solarMonth != null ? String(rule.solarMonth) : '',
    tithi: rule ? String(rule.tithi) : '',
    moment: rule?.moment ?? 'sunrise',
    twoDays: rule?.twoDays ?? 'first',
    inAdhika: rule?.inAdhika ?? false,
    source: rule?.source ?? '',
  };
}

/** The API body: only the chosen kind of month; an adhika month only counts for a lunar one. */
export function toFestivalRuleBody(v: FestivalRuleValues): FestivalRuleBody {
  const lunar = v.monthKind === 'lunar';
  return {
    name: v.name.trim(),
    description: v.description.trim() || null,
    lunarMonth: lunar ? Number(v.lunarMonth) : null,
    solarMonth: lunar ? null : Number(v.solarMonth),
    tithi: Number(v.tithi),
    moment: v.moment,
    twoDays: v.twoDays,
    inAdhika: lunar && v.inAdhika,
    source: v.source.trim() || null,
  };
}

/** The make-events form: the years, and the events' time, place, description and capacity. */
export type MakeEventsValues = {
  fromYear: string;
  years: string;
  time: string;
  location: string;
  description: string;
  capacity: string;
};

/** The make-events form's rules; `thisYear` is the first year allowed. */
export function makeEventsSchema(thisYear: number) {
  return yup.object({
    fromYear: yup
      .string()
      .required(FROM_YEAR_INVALID)
      .test('range', FROM_YEAR_INVALID, (v) => !v || whole(v, thisYear, LAST_YEAR)),
    years: yup
      .string()
      .required(YEARS_INVALID)
      .test('range', YEARS_INVALID, (v) => !v || whole(v, 1, MOST_YEARS)),
    time: yup.string().required(TIME_INVALID).matches(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_INVALID),
    location: yup.string().trim().required(LOCATION_REQUIRED).min(3, LOCATION_REQUIRED).max(300, LOCATION_TOO_LONG),
    description: yup
      .string()
      .trim()
      .required(EVENT_DESCRIPTION_TOO_SHORT)
      .min(10, EVENT_DESCRIPTION_TOO_SHORT)
      .max(10000, EVENT_DESCRIPTION_TOO_LONG),
    capacity: yup.string().test('capacity', CAPACITY_INVALID, (v) => !text(v) || whole(v, 1, 100000)),
  });
}

/** The API body of the make-events form; an empty capacity is none. */
export function toMakeEventsBody(v: MakeEventsValues): FestivalEventsBody {
  return {
    fromYear: Number(text(v.fromYear)),
    years: Number(text(v.years)),
    time: v.time,
    location: v.location.trim(),
    description: v.description.trim(),
    capacity: text(v.capacity) ? Number(text(v.capacity)) : null,
  };
}

/** The years a preview may be asked for: both fields valid, else null (no request while typing). */
export function previewYears(v: Pick<MakeEventsValues, 'fromYear' | 'years'>, thisYear: number): { fromYear: number; years: number } | null {
  if (!whole(v.fromYear, thisYear, LAST_YEAR) || !whole(v.years, 1, MOST_YEARS)) return null;
  return { fromYear: Number(text(v.fromYear)), years: Number(text(v.years)) };
}
