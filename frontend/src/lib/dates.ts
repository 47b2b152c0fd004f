// Calendar days as "YYYY-MM-DD" texts, in the temple's time zone: one place for every screen.

/**
 * The temple's today ("YYYY-MM-DD") at the instant `now` in its IANA zone: from the zone's UTC
 * offset then ("GMT-08:00"), the one use of `Intl` the server's page renderer answers
 * (src/render/globals.ts), so a page rendered on the server shows the same day. A page that shows
 * it passes `useNow()` (the markup's instant until hydrated). An unknown zone gives the day in UTC.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let minutes = 0;
  try {
    const [hours = '0', mins = '0'] = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).format(now).split('GMT')[1].split(':');
    minutes = Number(hours) * 60 + (hours.startsWith('-') ? -1 : 1) * Number(mins);
  } catch {
    // An unknown zone: the day in UTC.
  }
  return new Date(now.getTime() + (Number.isFinite(minutes) ? minutes : 0) * 60_000).toISOString().slice(0, 10);
}

/** Adds days to a "YYYY-MM-DD" date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return next.toISOString().slice(0, 10);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A month's short name, 1 to 12: "Jan" … "Dec" ("" out of range). */
export function shortMonthName(month: number): string {
  return MONTHS[month - 1]?.slice(0, 3) ?? '';
}

/** "November 2026" for a "YYYY-MM-DD" or "YYYY-MM" date, the same in the browser and the server's page renderer. */
export function monthYearLabel(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return `${MONTHS[m - 1] ?? ''} ${y}`;
}

/** "2026-03-14" as "March 14, 2026", a calendar date (no time zone shift), the same in the browser and the server's page renderer. */
export function dateLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${MONTHS[m - 1] ?? ''} ${d}, ${y}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "2026-03-14" as "Saturday, March 14, 2026", a calendar date (no time zone shift), the same in the browser and the server's page renderer. */
export function longDateLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  return `${weekday}, ${MONTHS[m - 1] ?? ''} ${d}, ${y}`;
}
