// The route table. Every route of docs/product.md#routes has an entry; use getHref to build links.
function withRedirect(base: string, redirect?: string | null): string {
  // Slashes stay readable: /sign-in?redirect=/events/123
  return redirect ? `${base}?redirect=${encodeURIComponent(redirect).replace(/%2F/gi, '/')}` : base;
}

// The helpers below keep the table short: it is part of the entry, whose size is budgeted
// (docs/architecture.md#budgets, `npm run size`).

/** A route without parameters: its pattern is its link. */
function page<P extends string>(path: P) {
  return { path, getHref: () => path };
}

/** One of a kind by its id: `/funds/:id`, linked as `/funds/<id>` (`/events/:id/check-in` with a `tail`). */
function byId<B extends string, T extends string = ''>(base: B, tail = '' as T) {
  return { path: `${base}/:id${tail}` as const, getHref: (id: string) => `${base}/${id}${tail}` };
}

/** A route with an optional query parameter: `/donate`, or `/donate?fund=<id>` when given one. */
function withQuery<P extends string>(path: P, name: string) {
  return { path, getHref: (value?: string | null) => (value ? `${path}?${name}=${encodeURIComponent(value)}` : path) };
}

export const paths = {
  home: page('/'),
  events: page('/events'),
  eventsCalendar: { path: '/events', getHref: () => '/events#calendar' },
  eventDetail: byId('/events'),
  signIn: { path: '/sign-in', getHref: (redirect?: string | null) => withRedirect('/sign-in', redirect) },
  signUp: page('/sign-up'),
  forgotPassword: page('/forgot-password'),
  resetPassword: withQuery('/reset-password', 'token'),
  profile: page('/profile'),
  dashboard: page('/dashboard'),
  myDonations: page('/my-donations'),
  admin: page('/admin'),
  /** Importing a temple's members, households and giving history from a file (`import_data`: admins). */
  adminImport: page('/admin/import'),
  sevas: page('/sevas'),
  /** A seva's page; `?date=YYYY-MM-DD` opens it on that date when it can be booked (the star-birthday reminders link so). */
  sevaDetail: { path: '/sevas/:id', getHref: (id: string, date?: string | null) => `/sevas/${id}${date ? `?date=${date}` : ''}` },
  /** The priests' day view and printable sankalpam sheet (admins). */
  sevaSchedule: withQuery('/admin/sevas/schedule', 'date'),
  /** A priest's own day: the sevas assigned to the priest's profile, with each sankalpam's people. */
  mySevas: page('/my-sevas'),
  /** The front desk's counter: walk-in sales and gifts in person, with printed receipts. */
  counter: page('/counter'),
  /** A walk-in's printable giving statement for a year, from the counter. */
  walkInStatement: {
    path: '/counter/walk-ins/:id/statements/:year',
    getHref: (id: string, year: number) => `/counter/walk-ins/${encodeURIComponent(id)}/statements/${year}`,
  },
  /** The treasurer's hundi counts: counted by bill and coin, confirmed by two people. */
  collections: page('/collections'),
  /** The treasurer's bank deposits: closed drawers, locked hundi counts and checks. */
  deposits: page('/deposits'),
  /** Checks entered in bulk: a festival table's, or the week's mail. */
  checks: page('/checks'),
  /** A deposit's printable slip. */
  depositSlip: byId('/deposits'),
  /** The day's totals by method, channel and fund, and the sevas booked (treasurers, the front desk). */
  dailyReport: page('/reports/daily'),
  /** At the door (door duty: the admins): mark each attendee arrived, with a live count. */
  eventCheckIn: byId('/events', '/check-in'),
  /** A printable sign-in sheet of the event's attendees. */
  eventSignInSheet: byId('/admin/events', '/sign-in-sheet'),
  /** A festival's volunteer plan and the coordinator's board (volunteer coordinators, admins). */
  volunteerBoard: byId('/events', '/volunteers'),
  /** `?fund=` chooses that fund's gift (a fund page's Give). */
  donate: withQuery('/donate', 'fund'),
  /** A recurring gift by card (monthly, quarterly or yearly); `?fund=` chooses its fund. */
  donateMonthly: withQuery('/donate/monthly', 'fund'),
  /** A recurring gift's own page: opens with its signed link (`?token=`, in its e-mails) or for its member. */
  recurringGift: byId('/giving/recurring'),
  /** The active funds with what each has raised, and one fund's page. */
  funds: page('/funds'),
  fundDetail: byId('/funds'),
  /** The printable receipt: opens with the e-mail's signed link (`?sig=`) or for its owner. */
  receipt: {
    path: '/receipts/:receiptNumber',
    getHref: (receiptNumber: string) => `/receipts/${encodeURIComponent(receiptNumber)}`,
  },
  /** A member's printable giving statement for a year. */
  myStatement: { path: '/my-donations/statements/:year', getHref: (year: number) => `/my-donations/statements/${year}` },
  paymentConfirmation: page('/payment-confirmation'),
  testPayment: page('/test-payment'),
  /** Linked from the home page's contact card; docs/product.md#routes leaves its content open (address, phone, e-mail, hours). */
  contact: page('/contact'),
  /** The temple's panchangam, a month at a glance (`?month=YYYY-MM`; the current month without). */
  panchangam: withQuery('/panchangam', 'month'),
  /** The link of an invitation to the staff (Admin → User Management → Invite staff). */
  staffInvite: withQuery('/staff-invite', 'token'),
  /** The first-run setup link printed by `mandir serve` while no admin exists. */
  setup: withQuery('/setup', 'token'),
} as const;

/**
 * Only same-site paths are accepted as a post-sign-in redirect (no open redirects).
 * Returns the fallback for anything that is not a local absolute path.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
