import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { PRERENDERED, PUBLIC_PAGES } from '../prerendered';
import { PUBLIC_ROUTES } from '../router';

// A route is declared public in one place, src/app/public-pages.json (docs/architecture.md#public-pages).
// Every other route says here why it is not a public page; a new route is neither until it is
// classified, so no page a visitor reaches is left out of the prerender, the server's rendering,
// the sitemap and `just lighthouse` by mistake.

/** Pages that show a member's or the staff's own data: a visitor is asked to sign in. */
const SIGNED_IN: string[] = [
  paths.profile.path,
  paths.dashboard.path,
  paths.myDonations.path,
  paths.myStatement.path,
  paths.admin.path,
  paths.adminImport.path,
  paths.sevaSchedule.path,
  paths.mySevas.path,
  paths.counter.path,
  paths.walkInStatement.path,
  paths.checks.path,
  paths.collections.path,
  paths.deposits.path,
  paths.depositSlip.path,
  paths.dailyReport.path,
  paths.eventCheckIn.path,
  paths.eventSignInSheet.path,
  paths.volunteerBoard.path,
];

/** Reachable without signing in, yet not a page to prerender, list or measure: why each. */
const NOT_PUBLIC: Record<string, string> = {
  [paths.forgotPassword.path]: 'a form reached from Sign in, with nothing of the temple on it',
  [paths.resetPassword.path]: "opens with an e-mail's one-time token",
  [paths.staffInvite.path]: "opens with an invitation's token",
  [paths.setup.path]: "opens with the first run's token",
  [paths.receipt.path]: "a donor's receipt: opens with its signed link or for its owner",
  [paths.paymentConfirmation.path]: "the answer to a payment, read from the payment provider's redirect",
  [paths.testPayment.path]: "the sandbox's card form of one payment",
  [paths.donateMonthly.path]: 'a form that saves a card, reached from the donate page (which is public) and My Donations',
  [paths.recurringGift.path]: "a donor's recurring gift: opens with its signed link or for its member",
};

describe('the public pages', () => {
  it('are declared once, each with its route module, and the router loads each before hydrating', () => {
    const names = PUBLIC_PAGES.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const page of PUBLIC_PAGES) {
      expect(fs.existsSync(path.join(process.cwd(), page.source)), page.source).toBe(true);
      expect(page.name, page.path).toMatch(/^[a-z-]+$/);
    }
    expect(PUBLIC_ROUTES.map(([pattern]) => pattern).sort()).toEqual(PUBLIC_PAGES.map((p) => p.path).sort());
    expect(PRERENDERED.find((p) => p.name === 'event')?.url).toBe('/events/prerender');
  });

  it('are every route a visitor reaches without signing in, and each other route says why it is not one', () => {
    const declared = new Set(PUBLIC_PAGES.map((p) => p.path));
    const unclassified = [...new Set(Object.values(paths).map((p) => p.path))].filter(
      (route) => !declared.has(route) && !SIGNED_IN.includes(route) && !(route in NOT_PUBLIC),
    );
    expect(unclassified, 'declare each in src/app/public-pages.json, or say here why it is not public').toEqual([]);
    for (const route of [...SIGNED_IN, ...Object.keys(NOT_PUBLIC)]) expect(declared.has(route), route).toBe(false);
  });
});
