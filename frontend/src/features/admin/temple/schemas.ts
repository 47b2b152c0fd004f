import * as yup from 'yup';

// The temple's settings and notices: the server's messages (crates/domain/src/site.rs) and its
// link rule (`is_safe_link` in crates/domain/src/validation.rs): an https:// address with a host
// and no user name, or a page of this site; never a backslash, which browsers read as `/`.
const webLink = /^https:\/\/(?=[^/?#]*\.)[^\s/?#@\\<>"]+([/?#][^\s\\<>"]*)?$/;
const pageLink = /^\/(?![/\\])[^\s\\<>"]*$/;
const httpsLink = yup
  .string()
  .trim()
  .test('https', 'Enter a full link starting with https://', (v) => !v || webLink.test(v));
const longest = (label: string, max: number) => yup.string().trim().max(max, `${label} must be at most ${max} characters`);

/** The server's messages for the temple's place (crates/domain/src/site.rs). */
export const LATITUDE_MESSAGE = 'Latitude must be a number of degrees from -60 to 60 (north is positive)';
export const LONGITUDE_MESSAGE = 'Longitude must be a number of degrees from -180 to 180 (east is positive, west negative)';
const degrees = (min: number, max: number, message: string) => yup.number().typeError(message).required(message).min(min, message).max(max, message);

export const siteSettingsSchema = yup.object({
  templeName: yup.string().trim().required('Temple name must be 2 to 100 characters').min(2, 'Temple name must be 2 to 100 characters').max(100, 'Temple name must be 2 to 100 characters'),
  shortName: longest('Short name', 40),
  tagline: longest('Tagline', 160),
  welcomeText: longest('Welcome text', 1000),
  legalName: longest('Legal name', 160),
  ein: yup.string().trim().matches(/^(\d{2}-\d{7})?$/, 'EIN must look like 12-3456789'),
  address: longest('Address', 300),
  mapQuery: longest('Map search', 200),
  phone: yup
    .string()
    .trim()
    .test('phone', 'Please enter a valid phone number', (v) => !v || (/^\+?[\d .()-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7 && (v.match(/\d/g)?.length ?? 0) <= 15)),
  email: yup.string().trim().email('Invalid email address'),
  facebookUrl: httpsLink,
  instagramUrl: httpsLink,
  youtubeUrl: httpsLink,
  xUrl: httpsLink,
  timeZone: yup.string().trim().required('Choose a time zone from the list (an IANA name such as America/Los_Angeles)'),
  latitude: degrees(-60, 60, LATITUDE_MESSAGE),
  longitude: degrees(-180, 180, LONGITUDE_MESSAGE),
  weekdayMorning: longest('Weekday morning hours', 40),
  weekdayEvening: longest('Weekday evening hours', 40),
  weekendMorning: longest('Weekend morning hours', 40),
  weekendEvening: longest('Weekend evening hours', 40),
  sayanostavam: longest('Sayanostavam time', 40),
  hoursNote: longest('Hours note', 300),
  videoId: longest('Video', 200),
  videoStart: yup
    .number()
    .typeError('Start must be a whole number of seconds from 0 to 86400')
    .integer('Start must be a whole number of seconds from 0 to 86400')
    .min(0, 'Start must be a whole number of seconds from 0 to 86400')
    .max(86400, 'Start must be a whole number of seconds from 0 to 86400'),
  videoTitle: longest('Video title', 150),
  zelleRecipient: longest('Zelle recipient', 254),
  zelleMemo: longest('Zelle memo', 100),
  contactText: longest('Contact page text', 2000),
  receiptPaper: yup.string().oneOf(['page', 'thermal'], 'Choose A4/Letter paper or an 80 mm receipt printer'),
});

export const noticeSchema = yup.object({
  title: yup.string().trim().required('Title must be 2 to 120 characters').min(2, 'Title must be 2 to 120 characters').max(120, 'Title must be 2 to 120 characters'),
  body: longest('Text', 1000),
  link: yup
    .string()
    .trim()
    .test('link', 'Enter a link starting with https:// or a page of this site starting with /', (v) => !v || webLink.test(v) || pageLink.test(v)),
  startsOn: yup.string().required('Enter a date as YYYY-MM-DD').matches(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD'),
  endsOn: yup
    .string()
    .required('Enter a date as YYYY-MM-DD')
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
    .test('after', 'End date must be on or after the start date', function (v) {
      const start = this.parent.startsOn as string | undefined;
      return !v || !start || v >= start;
    }),
});
/** The server's messages for a service by the lunar calendar (crates/domain/src/recurring_service.rs). */
export const SERVICE_TITHIS_REQUIRED = 'Choose at least one tithi (1–30: 1–15 shukla, 16–30 krishna)';
export const SERVICE_NAKSHATRA_INVALID = 'Choose a nakshatra (1 = Ashwini … 27 = Revati)';

/** Recurring service (docs/product.md#recurring-services); the server's messages. */
export const serviceSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required('Service name must be at least 3 characters')
    .min(3, 'Service name must be at least 3 characters')
    .max(100, 'Service name must be at most 100 characters'),
  description: yup.string().max(1000, 'Description must be at most 1000 characters'),
  frequency: yup
    .string()
    .oneOf(['daily', 'weekly', 'monthlyWeekday', 'monthlyDate', 'yearly', 'tithi', 'nakshatra'], 'Choose how often the service repeats')
    .required('Choose how often the service repeats'),
  weekdays: yup.array(yup.string().required()).when('frequency', {
    is: 'weekly',
    then: (s) => s.min(1, 'Choose at least one day of the week'),
  }),
  week: yup.string().when('frequency', {
    is: 'monthlyWeekday',
    then: (s) => s.required('Choose the week of the month (1st to 5th)'),
  }),
  weekday: yup.string().when('frequency', { is: 'monthlyWeekday', then: (s) => s.required('Choose a day of the week') }),
  day: yup.string().when('frequency', {
    is: (f: string) => f === 'monthlyDate' || f === 'yearly',
    then: (s) =>
      s
        .required('Day of the month must be between 1 and 31')
        .test('day', 'Day of the month must be between 1 and 31', (v) => /^\d+$/.test(v ?? '') && Number(v) >= 1 && Number(v) <= 31),
  }),
  month: yup.string().when('frequency', { is: 'yearly', then: (s) => s.required('Choose a month') }),
  tithis: yup.array(yup.number().required()).when('frequency', {
    is: 'tithi',
    then: (s) =>
      s
        .min(1, SERVICE_TITHIS_REQUIRED)
        .test('range', SERVICE_TITHIS_REQUIRED, (v) => (v ?? []).every((t) => Number.isInteger(t) && t >= 1 && t <= 30)),
  }),
  nakshatra: yup.string().when('frequency', {
    is: 'nakshatra',
    then: (s) => s.required(SERVICE_NAKSHATRA_INVALID).test('range', SERVICE_NAKSHATRA_INVALID, (v) => /^\d+$/.test(v ?? '') && Number(v) >= 1 && Number(v) <= 27),
  }),
  time: yup.string().required('Time must be a valid time (HH:MM)').matches(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be a valid time (HH:MM)'),
  endDate: yup.string().matches(/^(\d{4}-\d{2}-\d{2})?$/, 'End date must be a valid date (YYYY-MM-DD)'),
});

export type ServiceValues = {
  name: string;
  description: string;
  frequency: string;
  weekdays: string[];
  week: string;
  weekday: string;
  day: string;
  month: string;
  /** By tithi: the tithis chosen, 1–30 (1–15 shukla, 16–30 krishna). */
  tithis: number[];
  /** By nakshatra: "1" (Ashwini) to "27" (Revati), or '' for none chosen. */
  nakshatra: string;
  time: string;
  endDate: string;
};

/** Priest (docs/product.md#priests); `specialties` is one comma-separated text in the form. */
export const priestSchema = yup.object({
  name: yup.string().trim().required('Name is required').min(2, 'Name is required').max(100, 'Name must be at most 100 characters'),
  title: yup.string().max(100, 'Title must be at most 100 characters'),
  bio: yup.string().max(2000, 'Bio must be at most 2000 characters'),
  specialties: yup
    .string()
    .test('each', 'Each specialty must be at most 50 characters', (v) => (v ?? '').split(',').every((s) => s.trim().length <= 50))
    .test('count', 'At most 10 specialties', (v) => (v ?? '').split(',').filter((s) => s.trim()).length <= 10),
});

export type PriestValues = { name: string; title: string; bio: string; specialties: string; photo: string | null };
