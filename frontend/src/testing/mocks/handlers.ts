import { http, HttpResponse } from 'msw';
import { makePanchangamDays, makePersonStar, makeTexting, testConfig, testGotrams, testSite } from '../data';

/** Baseline answers; tests override with server.use(...). */
export const handlers = [
  http.get('/api/config', () => HttpResponse.json(testConfig)),
  http.get('/api/site', () => HttpResponse.json(testSite)),
  http.get('/api/admin/notices', () => HttpResponse.json(testSite.notices)),
  http.get('/api/gotrams', () => HttpResponse.json(testGotrams)),
  http.get('/api/events', () => HttpResponse.json([])),
  http.get('/api/services', () => HttpResponse.json([])),
  http.get('/api/services/occurrences', () => HttpResponse.json({ timeZone: 'America/Los_Angeles', occurrences: [] })),
  http.get('/api/priests', () => HttpResponse.json([])),
  // The panchangam of the days asked for (today, 2026-11-25, when none are), and no festivals.
  http.get('/api/panchangam', ({ request }) => {
    const url = new URL(request.url);
    const from = url.searchParams.get('from') ?? '2026-11-25';
    return HttpResponse.json(makePanchangamDays(from, url.searchParams.get('to') ?? from));
  }),
  http.get('/api/festivals', () => HttpResponse.json([])),
  // No funds (the public list, and with ?all=true the treasurer's; the Donation Types tab reads it too).
  http.get('/api/funds', () => HttpResponse.json([])),
  // Nothing given to any fund yet, month by month (a fund page's chart).
  http.get('/api/funds/:id/months', ({ params }) => HttpResponse.json({ fundId: params.id, months: [] })),
  // No pledges: the member's own (My Donations) and the treasurers' list.
  http.get('/api/pledges/mine', () => HttpResponse.json([])),
  http.get('/api/pledges', () => HttpResponse.json([])),
  // No recurring gifts: the member's own (My Donations) and the treasurers' list.
  http.get('/api/recurring-gifts/mine', () => HttpResponse.json([])),
  http.get('/api/recurring-gifts', () => HttpResponse.json([])),
  // No account holds a staff role (User Management's staff list).
  http.get('/api/admin/staff', () => HttpResponse.json([])),
  // No invitation to the staff is pending.
  http.get('/api/admin/staff/invitations', () => HttpResponse.json([])),
  http.get('/api/users/:id/events', () => HttpResponse.json([])),
  http.get('/api/users/:id/volunteering', () => HttpResponse.json([])),
  // No event has volunteer shifts, and the member has signed up for none (festival volunteering, issue 33).
  http.get('/api/events/:id/volunteer-plan', ({ params }) => HttpResponse.json({ eventId: params.id, dropCutoffHours: 24, roles: [] })),
  http.get('/api/account/door-duty', () => HttpResponse.json([])),
  http.get('/api/events/:id/door-staff', () => HttpResponse.json([])),
  http.get('/api/account/volunteer-shifts', ({ request }) =>
    HttpResponse.json({ year: Number(new URL(request.url).searchParams.get('year') ?? 2026), hours: 0, signups: [] }),
  ),
  // No family members saved in the profile.
  http.get('/api/users/me/family', () => HttpResponse.json([])),
  // The member alone, with no birth star recorded (Star birthdays).
  http.get('/api/users/me/stars', () => HttpResponse.json([makePersonStar()])),
  // No festival rules (Admin > Temple > Festivals).
  http.get('/api/admin/festivals', () => HttpResponse.json([])),
  http.get('/api/users/me', () => HttpResponse.json({ message: 'Authentication required' }, { status: 401 })),
  // Every sign-out ends the token on the server first (best effort).
  http.post('/api/auth/signout', () => new HttpResponse(null, { status: 204 })),
  // Account Settings: reminders on, no calendar link, no pending address.
  http.get('/api/account', () => HttpResponse.json({ remindersEnabled: true, calendarFeedSince: null, pendingEmail: null })),
  // Account Settings' Text messages: the site texts, the member has no number yet.
  http.get('/api/account/texting', () => HttpResponse.json(makeTexting())),
];

/** The server's refusal of an unverified member (register, volunteer, event donation). */
export const NOT_VERIFIED_MESSAGE = 'Please verify your email address first: we sent you a link.';
export function emailNotVerifiedResponse() {
  return HttpResponse.json({ message: NOT_VERIFIED_MESSAGE, code: 'email-not-verified' }, { status: 403 });
}
