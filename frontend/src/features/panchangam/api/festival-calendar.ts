/**
 * GET /api/panchangam/festivals.ics: the coming year's festivals and every Ekadashi, Pournami and
 * Amavasya at the temple as all-day entries of an iCalendar file. A plain link downloads it (no
 * request of the app's), so it works before the page's scripts have run.
 */
export const FESTIVAL_CALENDAR_PATH = '/api/panchangam/festivals.ics';

/** The name the downloaded file is saved under. */
export const FESTIVAL_CALENDAR_FILE = 'festivals.ics';
