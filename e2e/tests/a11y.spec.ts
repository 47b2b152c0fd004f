import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../support/fixtures';
import {
  adminSession,
  api,
  createEvent,
  ensureTempleContent,
  newMember,
  registerForEvent,
  uid,
  uniqueEmail,
  zelleConfirm,
  type Payment,
  type Session,
} from '../support/api';
import { baseURL } from '../support/env';
import { staffInviteLink } from '../support/outbox';
import { controlsThatOnlyLookDisabled, expectSettled, templeDay } from '../support/ui';
import type { Page } from '@playwright/test';

// axe-core on every route of the frontend's router (frontend/src/app/router.tsx), signed out and
// signed in, in the light and the dark theme: no serious or critical violations, once the page's
// data has settled and again while it is still loading.

type Who = 'visitor' | 'member' | 'admin';

/**
 * What a route's page shows, made through the API the first time a route asks for it: an event
 * (with two attendees, for an admin), a seva with a place booked on `date`, and a completed gift of
 * the signed-in member with its receipt number.
 */
type Made = {
  event: () => Promise<{ id: string }>;
  seva: () => Promise<{ id: string; name: string; date: string }>;
  receipt: () => Promise<string>;
  /** The link (path and query) of an invitation to the staff for an address with no account. */
  invitation: () => Promise<string>;
  /** The id of a bank deposit of one check sold at the counter. */
  deposit: () => Promise<string>;
  /** The id of a hundi count confirmed once. */
  collection: () => Promise<string>;
  /** The donor record of a walk-in who gave at the counter (no e-mail). */
  walkIn: () => Promise<string>;
};
type Route = { path: string | ((made: Made) => Promise<string>); who: Who; ready: (page: Page) => Promise<void> };


function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

function makeData(label: string, who: Who, session: Session | null): Made {
  return {
    event: once(async () => {
      const event = await createEvent({ name: `A11y ${label} ${Date.now()}`, capacity: 50 });
      if (who === 'admin') {
        for (const familyMembers of [1, 0]) {
          const m = await newMember();
          await registerForEvent(m.token, event.id, familyMembers).catch(() => undefined);
        }
      }
      return event;
    }),
    seva: once(async () => {
      const admin = await adminSession();
      const seva = await api<{ id: string; name: string }>('POST', '/api/sevas', {
        token: admin.token,
        body: {
          name: `A11y Archana ${uid()}`, description: 'Archana with the family’s names', category: 'temple', priceCents: 0, priceKind: 'fixed',
          durationMinutes: 15, weekdays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
          capacityMode: 'slots', slots: [{ time: '09:00', capacity: 3 }, { time: '18:00', capacity: 1 }], horizonDays: 60, cutoffHours: 12,
        },
      });
      // One place booked: the calendar shows places left, the day view a booking. On a day of
      // its own: sevas.spec.ts expects its day (8 days on) empty once its booking is cancelled.
      const date = templeDay(12);
      const devotee = await newMember({ firstName: 'Ravi', lastName: 'Rao' });
      await api('POST', `/api/sevas/${seva.id}/bookings`, {
        token: devotee.token,
        body: { date, slot: '09:00', participants: [{ name: 'Lakshmi Rao', gotram: 'Kashyapa', nakshatram: 'Rohini', rasi: 'Vrishabha' }], address: null, note: null },
      });
      return { ...seva, date };
    }),
    receipt: once(async () => {
      if (!session) throw new Error('a receipt needs a signed-in member');
      const { receiptNumber, payment } = await zelleConfirm(session.token, 51);
      const admin = await adminSession();
      await api<Payment>('POST', `/api/admin/payments/${payment.id}/status`, { token: admin.token, body: { status: 'completed' } });
      return receiptNumber;
    }),
    invitation: once(async () => {
      const admin = await adminSession();
      const email = uniqueEmail('a11y-invitee');
      await api('POST', '/api/admin/staff/invitations', { token: admin.token, body: { email, roles: ['treasurer', 'front_desk'] } });
      const link = new URL(await staffInviteLink(email));
      return link.pathname + link.search;
    }),
    deposit: once(async () => {
      const admin = await adminSession();
      const res = await fetch(`${baseURL()}/api/counter/sales`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}`, 'Idempotency-Key': `a11y-deposit-${uid()}` },
        body: JSON.stringify({
          donor: { name: 'Meena Krishnan' },
          lines: [{ donationTypeId: 'custom', amount: 25, name: 'General donation' }],
          tenders: [{ method: 'check', amount: 25, checkNumber: '1042', bank: 'Golden 1', checkDate: '2026-11-20' }],
        }),
      });
      const sale = (await res.json()) as { payment: { id: string } };
      const waiting = await api<{ checks: { id: string; paymentId: string }[] }>('GET', '/api/deposits/undeposited', { token: admin.token });
      const check = waiting.checks.find((c) => c.paymentId === sale.payment.id);
      const made = await api<{ deposit: { id: string } }>('POST', '/api/deposits', { token: admin.token, body: { checkIds: [check?.id] } });
      return made.deposit.id;
    }),
    walkIn: once(async () => {
      const admin = await adminSession();
      const res = await fetch(`${baseURL()}/api/counter/sales`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.token}`, 'Idempotency-Key': `a11y-walk-in-${uid()}` },
        body: JSON.stringify({
          donor: { name: 'Gopal Iyer' },
          lines: [{ donationTypeId: 'custom', amount: 21, name: 'Flowers' }],
          tenders: [{ method: 'cash', amount: 21 }],
        }),
      });
      const sale = (await res.json()) as { donorId: string };
      return sale.donorId;
    }),
    collection: once(async () => {
      const admin = await adminSession();
      const count = await api<{ id: string; revision: number }>('POST', '/api/collections', {
        token: admin.token,
        body: { boxName: `A11y hundi ${uid()}`, countedOn: templeDay(0), counts: [{ denomination: 'bill_20', pieces: 3 }, { denomination: 'coin_25', pieces: 7 }] },
      });
      await api('POST', `/api/collections/${count.id}/confirm`, { token: admin.token, body: { revision: count.revision } });
      return count.id;
    }),
  };
}

/** Ids that exist nowhere, for the pages loading with every API request held. */
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000011';
const placeholders: Made = {
  event: async () => ({ id: PLACEHOLDER_ID }),
  seva: async () => ({ id: PLACEHOLDER_ID, name: 'A seva', date: templeDay(12) }),
  receipt: async () => 'R-2026-000000',
  invitation: async () => '/staff-invite?token=placeholder',
  deposit: async () => PLACEHOLDER_ID,
  collection: async () => PLACEHOLDER_ID,
  walkIn: async () => PLACEHOLDER_ID,
};

const h1 = (name?: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, ...(name ? { name } : {}) }).first()).toBeVisible();
};

const SPEC_PHONE = '(916) 555-0100';

/** The dashboard's tabs (kept in the page, not the URL): each opened, with its empty state. */
function dashboardTabs(tabs: Record<string, string>): Record<string, Route> {
  return Object.fromEntries(
    Object.entries(tabs).map(([tab, empty]) => [
      `dashboard ${tab}`,
      {
        path: '/dashboard',
        who: 'member',
        ready: async (page: Page) => {
          await page.getByRole('tab', { name: tab }).click();
          await expect(page.getByRole('tabpanel').getByText(empty)).toBeVisible();
        },
      } satisfies Route,
    ]),
  );
}

const routes: Record<string, Route> = {
  home: { path: '/', who: 'visitor', ready: async (page) => {
    await ensureTempleContent();
    await page.reload();
    await h1(/Welcome to/)(page);
    await expect(page.getByRole('heading', { name: 'Our Temple Priests' })).toBeVisible();
  } },
  'home (signed in)': { path: '/', who: 'member', ready: h1(/Welcome to/) },
  events: { path: async (made) => { await made.event(); return '/events'; }, who: 'visitor', ready: async (page) => {
    await h1()(page);
    await expect(page.getByRole('link', { name: /View Details/ }).first()).toBeVisible();
  } },
  'events (admin)': { path: '/events', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Create Event' })).toBeVisible();
  } },
  'event detail': { path: async (made) => `/events/${(await made.event()).id}`, who: 'visitor', ready: async (page) => {
    await expect(page.getByRole('link', { name: 'Sign In to Register' })).toBeVisible();
  } },
  'event detail (member)': { path: async (made) => `/events/${(await made.event()).id}`, who: 'member', ready: async (page) => {
    await expect(page.getByRole('button', { name: /Register Now|Join Event/ })).toBeVisible();
  } },
  'event detail (admin)': { path: async (made) => `/events/${(await made.event()).id}`, who: 'admin', ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(page.getByText('Volunteer Management')).toBeVisible();
  } },
  'event not found': { path: '/events/00000000-0000-4000-8000-000000000000', who: 'visitor', ready: async (page) => {
    await expect(page.getByText('Event not found')).toBeVisible();
  } },
  // Prerendered forms are inert, under a "Loading…" veil, until hydrated: check them once usable.
  'sign-in': { path: '/sign-in', who: 'visitor', ready: async (page) => {
    await expect(page.getByText('Welcome Back')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  } },
  'sign-up': { path: '/sign-up', who: 'visitor', ready: async (page) => {
    await expect(page.getByText('Create an Account')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  } },
  'forgot-password': { path: '/forgot-password', who: 'visitor', ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  } },
  'reset-password (no token)': { path: '/reset-password', who: 'visitor', ready: async (page) => {
    await expect(page.getByText('Invalid Reset Link')).toBeVisible();
  } },
  'reset-password': { path: '/reset-password?token=abc', who: 'visitor', ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeVisible();
  } },
  profile: { path: '/profile', who: 'member', ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  } },
  dashboard: { path: '/dashboard', who: 'member', ready: h1('Dashboard') },
  admin: { path: '/admin', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('tab', { name: 'User Management' })).toBeVisible();
  } },
  'admin donation types': { path: '/admin?tab=donation-types', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('table').first()).toBeVisible();
  } },
  'admin payment settings': { path: '/admin?tab=payment-settings', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('table').first()).toBeVisible();
  } },
  donate: { path: '/donate', who: 'visitor', ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  } },
  'payment-confirmation': { path: '/payment-confirmation?redirect_status=succeeded', who: 'visitor', ready: async (page) => {
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  } },
  'test-payment': { path: '/test-payment', who: 'member', ready: async (page) => {
    await h1()(page);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  } },
  'not found': { path: '/no-such-page', who: 'visitor', ready: async (page) => {
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  } },
  'not found (member)': { path: '/no-such-page', who: 'member', ready: async (page) => {
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  } },
  'events (member)': { path: async (made) => { await made.event(); return '/events'; }, who: 'member', ready: async (page) => {
    await expect(page.getByRole('link', { name: /View Details/ }).first()).toBeVisible();
  } },
  'event check-in (admin)': { path: async (made) => `/events/${(await made.event()).id}/check-in`, who: 'admin', ready: async (page) => {
    await h1(/^Check-in:/)(page);
    await page.getByLabel('Name, phone or confirmation code').first().fill('narayanan');
    // One party checked in (on the first pass; the server keeps it), one not: both looks are checked.
    await expect(page.getByRole('button', { name: /^(Check in|Undo check-in of) Lakshmi Narayanan$/ })).toHaveCount(2);
    if ((await page.getByRole('button', { name: /^Undo check-in of/ }).count()) === 0) await page.getByRole('button', { name: /^Check in Lakshmi/ }).first().click();
    await expect(page.getByRole('button', { name: /^Undo check-in of/ })).toHaveCount(1);
  } },
  'event sign-in sheet (admin)': { path: async (made) => `/admin/events/${(await made.event()).id}/sign-in-sheet`, who: 'admin', ready: async (page) => {
    await expect(page.getByRole('table', { name: 'Sign-in sheet' }).getByRole('row').nth(1)).toBeVisible();
  } },
  contact: { path: '/contact', who: 'visitor', ready: async (page) => {
    await ensureTempleContent();
    await page.reload();
    await h1('Contact Us')(page);
    await expect(page.getByText(SPEC_PHONE).first()).toBeVisible();
  } },
  'contact (member)': { path: '/contact', who: 'member', ready: h1('Contact Us') },
  'donate (member)': { path: '/donate', who: 'member', ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  } },
  sevas: { path: async (made) => { await made.seva(); return '/sevas'; }, who: 'visitor', ready: async (page) => {
    await h1('Sevas & Pujas')(page);
    await expect(page.getByRole('link', { name: /A11y Archana/ }).first()).toBeVisible();
  } },
  'sevas (member)': { path: async (made) => { await made.seva(); return '/sevas'; }, who: 'member', ready: async (page) => {
    await expect(page.getByRole('link', { name: /A11y Archana/ }).first()).toBeVisible();
  } },
  'seva detail': { path: async (made) => `/sevas/${(await made.seva()).id}`, who: 'visitor', ready: async (page) => {
    await h1(/A11y Archana/)(page);
    await expect(page.getByRole('grid', { name: 'Available dates' })).toBeVisible();
    await expect(page.getByText('Sign in to book this seva.')).toBeVisible();
  } },
  // With a date chosen: its times, with the places left.
  'seva detail (member)': { path: async (made) => `/sevas/${(await made.seva()).id}`, who: 'member', ready: async (page) => {
    const dates = page.getByRole('grid', { name: 'Available dates' });
    await expect(page.getByRole('form', { name: 'Book this seva' })).toBeVisible();
    await dates.getByLabel(/places? left$/).first().click();
    await expect(page.getByRole('group', { name: 'Time slot' })).toBeVisible();
  } },
  'seva schedule (admin)': { path: async (made) => `/admin/sevas/schedule?date=${(await made.seva()).date}`, who: 'admin', ready: async (page) => {
    await h1('Seva schedule')(page);
    // Other tests' sevas may be booked on the same day.
    await expect(page.getByRole('article', { name: /^9:00 AM A11y Archana/ }).first()).toBeVisible();
  } },
  'my donations': { path: async (made) => { await made.receipt(); return '/my-donations'; }, who: 'member', ready: async (page) => {
    await h1('My Donations')(page);
    await expect(page.getByRole('table', { name: 'My donations' }).getByRole('row').nth(1)).toBeVisible();
  } },
  'my donations (none yet)': { path: '/my-donations', who: 'member', ready: async (page) => {
    await expect(page.getByText('You have not made any donations yet.')).toBeVisible();
    await expect(page.getByText(/^You have no pledges\./)).toBeVisible();
  } },
  'giving statement': { path: async (made) => { await made.receipt(); return `/my-donations/statements/${new Date().getFullYear()}`; }, who: 'member', ready: async (page) => {
    await expect(page.getByRole('article', { name: 'Giving statement' })).toBeVisible();
  } },
  receipt: { path: async (made) => `/receipts/${await made.receipt()}`, who: 'member', ready: async (page) => {
    await expect(page.getByRole('article', { name: 'Donation receipt' })).toBeVisible();
  } },
  'receipt not found': { path: '/receipts/R-2026-000000', who: 'visitor', ready: async (page) => {
    await expect(page.getByText('Receipt not found')).toBeVisible();
  } },
  'profile family members': { path: '/profile?tab=family', who: 'member', ready: async (page) => {
    await expect(page.getByText('No family members saved yet.')).toBeVisible();
  } },
  'profile household': { path: '/profile?tab=household', who: 'member', ready: async (page) => {
    await expect(page.getByRole('heading', { name: 'Form a household' })).toBeVisible();
  } },
  funds: { path: '/funds', who: 'visitor', ready: async (page) => {
    await h1('Funds')(page);
    await expect(page.getByRole('list', { name: 'Funds' }).getByRole('listitem').first()).toContainText(/raised|of/);
  } },
  'fund detail': { path: '/funds/00000000-0000-4000-8000-00000000f00d', who: 'visitor', ready: async (page) => {
    await h1('General')(page);
    await expect(page.getByRole('link', { name: 'Give' })).toBeVisible();
  } },
  'fund not found': { path: '/funds/no-such-fund', who: 'member', ready: h1('Fund not found') },
  'admin funds': { path: '/admin?tab=funds', who: 'admin', ready: async (page) => {
    await expect(page.getByText('Default').first()).toBeVisible();
  } },
  // Other tests' imports may be listed, or none yet.
  'admin import': { path: '/admin/import', who: 'admin', ready: async (page) => {
    await h1('Import members or gifts')(page);
    await expect(page.getByRole('table', { name: 'Past imports' }).or(page.getByText('No imports yet.'))).toBeVisible();
  } },
  'admin reports': { path: '/admin/reports', who: 'admin', ready: async (page) => {
    await h1('Reports')(page);
    await expect(page.getByRole('region', { name: 'Membership', exact: true })).toBeVisible();
  } },
  'admin accounting': { path: '/admin/accounting', who: 'admin', ready: async (page) => {
    await h1('Accounting')(page);
    await expect(page.getByRole('table', { name: 'Past exports' }).or(page.getByText('No exports yet.'))).toBeVisible();
  } },
  // Other tests' pledges may be listed, or none yet.
  'admin pledges': { path: '/admin?tab=pledges', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('button', { name: 'Send reminders' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Pledges' }).or(page.getByText('No pledges yet.'))).toBeVisible();
  } },
  'donate monthly': { path: '/donate/monthly', who: 'visitor', ready: async (page) => {
    await h1('Give monthly')(page);
    await expect(page.getByRole('button', { name: 'Continue to card' })).toBeEnabled();
  } },
  'donate monthly (member)': { path: '/donate/monthly', who: 'member', ready: async (page) => {
    await h1('Give monthly')(page);
    await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  } },
  // Other tests' gifts may be listed, or none paused yet.
  'admin recurring gifts': { path: '/admin?tab=recurring-gifts', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('table').or(page.getByText('No recurring gift is paused.')).first()).toBeVisible();
  } },
  panchangam: { path: '/panchangam', who: 'visitor', ready: async (page) => {
    await h1('Panchangam')(page);
    await expect(page.getByRole('list', { name: /^Days of / }).getByRole('button').first()).toBeVisible();
  } },
  'panchangam (member)': { path: '/panchangam?month=2026-11', who: 'member', ready: async (page) => {
    await h1('Panchangam')(page);
    await expect(page.getByRole('button', { name: /Diwali \(Lakshmi Puja\)/ })).toBeVisible();
  } },
  'profile star birthdays': { path: '/profile?tab=stars', who: 'member', ready: async (page) => {
    await expect(page.getByRole('button', { name: /^Add birth star for / })).toBeVisible();
  } },
  'profile my events': { path: '/profile?tab=events', who: 'member', ready: async (page) => {
    await expect(page.getByRole('tabpanel')).toContainText('registered for any events yet');
  } },
  'account settings': { path: '/profile?tab=settings', who: 'member', ready: async (page) => {
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Change password' })).toBeVisible();
  } },
  ...dashboardTabs({
    'My Registrations': "You haven't registered for any events yet.",
    'My Volunteering': 'You are not volunteering for any events yet.',
    'My Sevas': 'You have not booked any sevas yet.',
    'My Donations': 'You have not made any donations yet.',
  }),
  'admin members': { path: '/admin?tab=members', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem').first()).toBeVisible();
  } },
  'admin payments (ledger)': { path: async (made) => { await made.receipt(); return '/admin?tab=payments'; }, who: 'admin', ready: async (page) => {
    await expect(page.getByTestId('ledger-totals')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Payments' }).getByRole('row').nth(1)).toBeVisible();
  } },
  'admin sevas': { path: async (made) => { await made.seva(); return '/admin?tab=sevas'; }, who: 'admin', ready: async (page) => {
    await expect(page.getByRole('cell', { name: /A11y Archana/ }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible();
  } },
  'admin temple content': { path: '/admin?tab=temple', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('heading', { name: 'Site settings' })).toBeVisible();
    // The festivals' rules, loaded (the shipped ones).
    await expect(page.getByRole('button', { name: /^Make events for Diwali/ })).toBeVisible();
  } },
  'admin audit log': { path: '/admin?tab=audit', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('table', { name: 'Audit log' })).toBeVisible();
  } },
  // The admin holds every permission but has no priest profile linked: the page says so.
  'my sevas': { path: '/my-sevas', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('heading', { level: 1, name: 'My Sevas' })).toBeVisible();
    await expect(page.getByRole('alert').or(page.getByText(/No sevas assigned/)).first()).toBeVisible();
  } },
  'counter': { path: '/counter', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Counter' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /Find a member/ })).toBeVisible();
  } },
  'hundi counts': { path: '/collections', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Hundi counts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New count' })).toBeVisible();
  } },
  'hundi count form': { path: '/collections?new', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('heading', { level: 2, name: 'New count' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Quarters' })).toBeVisible();
  } },
  'hundi count': { path: async (made) => `/collections?count=${await made.collection()}`, who: 'admin', ready: async (page) => {
    await expect(page.getByRole('table', { name: 'Figures of the count' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm this count' })).toBeDisabled();
  } },
  'deposits': { path: '/deposits', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Deposits' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Ready to deposit' })).toBeVisible();
  } },
  'deposit slip': { path: async (made) => `/deposits/${await made.deposit()}`, who: 'admin', ready: async (page) => {
    await expect(page.getByRole('article', { name: 'Deposit slip' })).toBeVisible();
  } },
  'check batch': { path: '/checks', who: 'admin', ready: async (page) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Checks' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Check 1: from' })).toBeVisible();
  } },
  'walk-in statement': { path: async (made) => `/counter/walk-ins/${await made.walkIn()}/statements/${new Date().getFullYear()}`, who: 'admin', ready: async (page) => {
    await expect(page.getByRole('article', { name: 'Giving statement' })).toContainText('Gopal Iyer');
  } },
  'daily report': { path: async (made) => { await made.receipt(); return '/reports/daily'; }, who: 'admin', ready: async (page) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Daily report' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'By method' })).toBeVisible();
  } },
  'setup (no link)': { path: '/setup', who: 'visitor', ready: async (page) => {
    await expect(page.getByText('Setup link not valid')).toBeVisible();
  } },
  'setup (link used)': { path: '/setup?token=already-used', who: 'visitor', ready: async (page) => {
    await expect(page.getByText('Setup link not valid')).toBeVisible();
  } },
  'staff invitation (new account)': { path: async (made) => made.invitation(), who: 'visitor', ready: async (page) => {
    await h1('Join the staff')(page);
    await expect(page.getByRole('button', { name: 'Create account and join' })).toBeEnabled();
  } },
  'staff invitation (invalid link)': { path: '/staff-invite?token=no-such-invitation', who: 'visitor', ready: async (page) => {
    await h1('Invitation not valid')(page);
  } },
};

test.use({ reducedMotion: 'reduce' });

for (const [label, route] of Object.entries(routes)) {
  test(`accessibility: ${label}`, async ({ page, signInAs }, testInfo) => {
    let session: Session | null = null;
    if (route.who === 'admin') session = await adminSession();
    if (route.who === 'member') session = await newMember();
    const path = typeof route.path === 'function' ? await route.path(makeData(label, route.who, session)) : route.path;
    if (session) await signInAs(session);

    await page.addInitScript(() => window.localStorage.setItem('vite-ui-theme', 'light'));
    await page.goto(path);
    await route.ready(page);
    // Every request answered and drawn: no busy region, skeleton or spinner left.
    await expectSettled(page);
    const problems = await inBothThemes(page, (theme) => testInfo.outputPath(`axe-${theme}.png`));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test(`accessibility: ${label} while its data is still loading`, async ({ page, signInAs }, testInfo) => {
    // Every API request is held unanswered, so the page shows its loading states (the session
    // check included, for a signed-in visitor) and axe sees those.
    await page.route('**/api/**', () => undefined);
    if (route.who !== 'visitor') await signInAs({ token: 'a-token-whose-check-never-answers' });
    const path = typeof route.path === 'function' ? await route.path(placeholders) : route.path;
    await page.addInitScript(() => window.localStorage.setItem('vite-ui-theme', 'light'));
    await page.goto(path);
    const problems = await inBothThemes(page, (theme) => testInfo.outputPath(`axe-loading-${theme}.png`));
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

/**
 * The page's problems in the light theme, then in the dark one. The page is switched in place, as
 * the header's theme menu does it (MUI follows the stored mode's `storage` event), rather than
 * loaded again: what is checked is the same page in the other colours, and a second load, data
 * and all, would double the test's time. Loading straight into the dark theme is theme.spec.ts's.
 * A screenshot of the page goes to `shot(theme)` when that theme has a problem.
 */
async function inBothThemes(page: Page, shot: (theme: string) => string): Promise<string[]> {
  const problems: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') {
      await page.evaluate(() => {
        window.localStorage.setItem('vite-ui-theme', 'dark');
        window.dispatchEvent(new StorageEvent('storage', { key: 'vite-ui-theme', newValue: 'dark', storageArea: window.localStorage }));
      });
      await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    }
    const found = await axeProblems(page, theme);
    if (found.length) await page.screenshot({ path: shot(theme), fullPage: true });
    problems.push(...found);
  }
  return problems;
}

/** axe's serious and critical findings, and every control that looks disabled without being so. */
async function axeProblems(page: Page, theme: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    // WCAG 2.5.3 (label in name) is tagged experimental in axe, so off unless asked for: a control
    // named apart from the text it shows is not found by a person who says or reads that text.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const problems = bad.map(
    (v) =>
      `[${theme}] ${v.impact} ${v.id}: ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(0, 2).join(' ')}`)
        .join('\n')}`,
  );
  for (const control of await controlsThatOnlyLookDisabled(page)) {
    problems.push(`[${theme}] ${control} looks disabled but is not disabled for assistive technology`);
  }
  return problems;
}
