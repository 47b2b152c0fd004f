// SWR keys are the API paths themselves (the default fetcher GETs the key). Shared here so any
// feature can refresh another feature's data with the global `mutate(key)` without importing it.
export const apiKeys = {
  config: '/api/config',
  me: '/api/users/me',
  gotrams: '/api/gotrams',
  gotram: (id: number) => `/api/gotrams/${id}`,
  events: '/api/events',
  event: (id: string) => `/api/events/${id}`,
  eventAttendee: (id: string) => `/api/events/${id}/attendee`,
  eventAttendees: (id: string) => `/api/events/${id}/attendees`,
  eventVolunteers: (id: string) => `/api/events/${id}/volunteers`,
  eventMyVolunteer: (id: string) => `/api/events/${id}/volunteers/me`,
  eventVolunteerCount: (id: string) => `/api/events/${id}/volunteers/count`,
  userEvents: (userId: string) => `/api/users/${userId}/events`,
  donationTypes: '/api/donation-types',
  paymentMethods: '/api/payment-methods',
  activePaymentMethods: '/api/payment-methods/active',
  myPayments: '/api/payments/mine',
} as const;

/** Keys whose data depends on who is signed in; cleared on sign-in and sign-out. */
export function isUserScopedKey(key: unknown): boolean {
  const k = Array.isArray(key) ? key[0] : key;
  if (typeof k !== 'string') return false;
  return (
    k.startsWith('/api/users') ||
    k.startsWith('/api/admin') ||
    k.startsWith('/api/payments') ||
    k === apiKeys.paymentMethods ||
    /^\/api\/events\/[^/]+\/(attendee|attendees|volunteers(\/me)?)$/.test(k)
  );
}
