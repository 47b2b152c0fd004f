// SWR keys are the API paths themselves (the default fetcher GETs the key), or [path, mode] when a
// read differs from the plain GET (lib/swr.ts). Each feature's api files read and revalidate them.
export const apiKeys = {
  config: '/api/config',
  site: '/api/site',
  adminNotices: '/api/admin/notices',
  adminMembers: (q: string, page: number, pageSize: number) =>
    `/api/admin/members?${new URLSearchParams({ q, page: String(page), pageSize: String(pageSize) }).toString()}`,
  adminMember: (id: string) => `/api/admin/members/${id}`,
  adminMemberPayments: (id: string) => `/api/admin/members/${id}/payments`,
  me: '/api/users/me',
  account: '/api/account',
  texting: '/api/account/texting',
  adminTexting: '/api/admin/texting',
  gotrams: '/api/gotrams',
  gotram: (id: number) => `/api/gotrams/${id}`,
  events: '/api/events',
  event: (id: string) => `/api/events/${id}`,
  eventAttendee: (id: string) => `/api/events/${id}/attendee`,
  eventAttendeeQr: (id: string) => `/api/events/${id}/attendee/qr`,
  eventAttendees: (id: string) => `/api/events/${id}/attendees`,
  eventVolunteers: (id: string) => `/api/events/${id}/volunteers`,
  eventWaitlist: (id: string) => `/api/events/${id}/waitlist`,
  eventMyWaitlistEntry: (id: string) => `/api/events/${id}/waitlist/me`,
  eventMyVolunteer: (id: string) => `/api/events/${id}/volunteers/me`,
  eventVolunteerCount: (id: string) => `/api/events/${id}/volunteers/count`,
  userEvents: (userId: string) => `/api/users/${userId}/events`,
  userVolunteering: (userId: string) => `/api/users/${userId}/volunteering`,
  donationTypes: '/api/donation-types',
  paymentMethods: '/api/payment-methods',
  activePaymentMethods: '/api/payment-methods/active',
  myPayments: '/api/payments/mine',
  services: '/api/services',
  serviceOccurrences: (from: string, to: string) => `/api/services/occurrences?from=${from}&to=${to}`,
  priests: '/api/priests',
  /** The panchangam of the days from `from` to `to` ("YYYY-MM-DD"), or today's (the home page's line). */
  panchangam: (from?: string, to?: string) => `/api/panchangam${from ? `?from=${from}&to=${to}` : ''}`,
  /** The festivals of a Gregorian year ("YYYY") on their days at the temple; the server writes it into the panchangam page. */
  festivals: (year: string) => `/api/festivals?year=${year}`,
  sevas: '/api/sevas',
  allSevas: '/api/sevas?all=true',
  seva: (id: string) => `/api/sevas/${id}`,
  sevaAvailability: (id: string, from: string, to: string) => `/api/sevas/${id}/availability?from=${from}&to=${to}`,
  sevaSettings: '/api/seva-settings',
  mySevaBookings: '/api/seva-bookings/mine',
  sevaSchedule: (date: string) => `/api/admin/sevas/schedule?date=${date}`,
  family: '/api/users/me/family',
  /** Every festival's rule (editors). */
  festivalRules: '/api/admin/festivals',
  /** A festival rule's dates at the temple in `years` years from `fromYear`, each with its event if made (editors). */
  festivalPreview: (id: string, fromYear: number, years: number) => `/api/admin/festivals/${id}/events?fromYear=${fromYear}&years=${years}`,
  /** The member and each family member with their birth star and next star day. */
  myStars: '/api/users/me/stars',
} as const;

/** The API path of a key: the key itself, or the first element of an array key. */
export function keyPath(key: unknown): string | undefined {
  const k = Array.isArray(key) ? key[0] : key;
  return typeof k === 'string' ? k : undefined;
}

/** Matches every key for the path, whatever its mode (for `mutate(forPath(path))`). */
export function forPath(path: string): (key: unknown) => boolean {
  return (key) => keyPath(key) === path;
}

/** Keys whose data depends on who is signed in; cleared on sign-in and sign-out. */
export function isUserScopedKey(key: unknown): boolean {
  const k = keyPath(key);
  if (k === undefined) return false;
  return (
    // One pattern rather than a test each: this runs in the entry (lib/auth.tsx), whose size is budgeted.
    /^\/api\/(users|account|admin|payments|pledges|recurring-gifts|household|seva-bookings|receipts)/.test(k) ||
    k === apiKeys.allSevas ||
    k === apiKeys.paymentMethods ||
    /^\/api\/events\/[^/]+\/(attendee(s|\/qr)?|volunteers(\/me)?|waitlist(\/me)?)$/.test(k)
  );
}
