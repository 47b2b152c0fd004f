// The route table. Every route of docs/product.md#routes has an entry; use getHref to build links.
function withRedirect(base: string, redirect?: string | null): string {
  // Slashes stay readable: /sign-in?redirect=/events/123
  return redirect ? `${base}?redirect=${encodeURIComponent(redirect).replace(/%2F/gi, '/')}` : base;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  events: { path: '/events', getHref: () => '/events' },
  eventsCalendar: { path: '/events', getHref: () => '/events#calendar' },
  eventDetail: { path: '/events/:id', getHref: (id: string) => `/events/${id}` },
  signIn: { path: '/sign-in', getHref: (redirect?: string | null) => withRedirect('/sign-in', redirect) },
  signUp: { path: '/sign-up', getHref: () => '/sign-up' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: (token?: string) => (token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password') },
  profile: { path: '/profile', getHref: () => '/profile' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  myDonations: { path: '/my-donations', getHref: () => '/my-donations' },
  admin: { path: '/admin', getHref: () => '/admin' },
  sevas: { path: '/sevas', getHref: () => '/sevas' },
  /** A seva's page; `?date=YYYY-MM-DD` opens it on that date when it can be booked (the star-birthday reminders link so). */
  sevaDetail: { path: '/sevas/:id', getHref: (id: string, date?: string | null) => `/sevas/${id}${date ? `?date=${date}` : ''}` },
  /** The priests' day view and printable sankalpam sheet (admins). */
  sevaSchedule: { path: '/admin/sevas/schedule', getHref: (date?: string) => (date ? `/admin/sevas/schedule?date=${date}` : '/admin/sevas/schedule') },
  /** A priest's own day: the sevas assigned to the priest's profile, with each sankalpam's people. */
  mySevas: { path: '/my-sevas', getHref: () => '/my-sevas' },
  /** The front desk's counter: walk-in sales and gifts in person, with printed receipts. */
  counter: { path: '/counter', getHref: () => '/counter' },
  /** A walk-in's printable giving statement for a year, from the counter. */
  walkInStatement: {
    path: '/counter/walk-ins/:id/statements/:year',
    getHref: (id: string, year: number) => `/counter/walk-ins/${encodeURIComponent(id)}/statements/${year}`,
  },
  /** The treasurer's hundi counts: counted by bill and coin, confirmed by two people. */
  collections: { path: '/collections', getHref: () => '/collections' },
  /** The treasurer's bank deposits: closed drawers, locked hundi counts and checks. */
  deposits: { path: '/deposits', getHref: () => '/deposits' },
  /** Checks entered in bulk: a festival table's, or the week's mail. */
  checks: { path: '/checks', getHref: () => '/checks' },
  /** A deposit's printable slip. */
  depositSlip: { path: '/deposits/:id', getHref: (id: string) => `/deposits/${id}` },
  /** The day's totals by method, channel and fund, and the sevas booked (treasurers, the front desk). */
  dailyReport: { path: '/reports/daily', getHref: () => '/reports/daily' },
  /** At the door (door duty: the admins): mark each attendee arrived, with a live count. */
  eventCheckIn: { path: '/events/:id/check-in', getHref: (id: string) => `/events/${id}/check-in` },
  /** A printable sign-in sheet of the event's attendees. */
  eventSignInSheet: { path: '/admin/events/:id/sign-in-sheet', getHref: (id: string) => `/admin/events/${id}/sign-in-sheet` },
  /** `?fund=` chooses that fund's gift (a fund page's Give). */
  donate: { path: '/donate', getHref: (fundId?: string) => (fundId ? `/donate?fund=${fundId}` : '/donate') },
  /** The active funds with what each has raised, and one fund's page. */
  funds: { path: '/funds', getHref: () => '/funds' },
  fundDetail: { path: '/funds/:id', getHref: (id: string) => `/funds/${id}` },
  /** The printable receipt: opens with the e-mail's signed link (`?sig=`) or for its owner. */
  receipt: {
    path: '/receipts/:receiptNumber',
    getHref: (receiptNumber: string) => `/receipts/${encodeURIComponent(receiptNumber)}`,
  },
  /** A member's printable giving statement for a year. */
  myStatement: { path: '/my-donations/statements/:year', getHref: (year: number) => `/my-donations/statements/${year}` },
  paymentConfirmation: { path: '/payment-confirmation', getHref: () => '/payment-confirmation' },
  testPayment: { path: '/test-payment', getHref: () => '/test-payment' },
  /** Linked from the home page's contact card; docs/product.md#routes leaves its content open (address, phone, e-mail, hours). */
  contact: { path: '/contact', getHref: () => '/contact' },
  /** The temple's panchangam, a month at a glance (`?month=YYYY-MM`; the current month without). */
  panchangam: { path: '/panchangam', getHref: (month?: string) => `/panchangam${month ? `?month=${month}` : ''}` },
  /** The link of an invitation to the staff (Admin → User Management → Invite staff). */
  staffInvite: { path: '/staff-invite', getHref: (token: string) => `/staff-invite?token=${encodeURIComponent(token)}` },
  /** The first-run setup link printed by `mandir serve` while no admin exists. */
  setup: { path: '/setup', getHref: (token: string) => `/setup?token=${encodeURIComponent(token)}` },
} as const;

/**
 * Only same-site paths are accepted as a post-sign-in redirect (no open redirects).
 * Returns the fallback for anything that is not a local absolute path.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
