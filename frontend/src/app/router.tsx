import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { markupHasData } from '@/lib/initial-data';
import { preloadableLazy, type Preloadable } from '@/lib/preloadable';
import { useHydrated } from '@/lib/use-hydrated';
import { preloadLayout, RootLayout } from './layout/root-layout';

// Every route of docs/product.md#routes, each in its own lazily loaded chunk. The declarative router
// keeps the initial bundle small (see docs/architecture.md#budgets); routes need no loaders.
const loadHome = () => import('./routes/home');
const loadEvents = () => import('./routes/events');
const loadEventDetail = () => import('./routes/event-detail');
const loadSignIn = () => import('./routes/sign-in');
const loadSignUp = () => import('./routes/sign-up');
const loadDonate = () => import('./routes/donate');
const loadContact = () => import('./routes/contact');
const loadPanchangam = () => import('./routes/panchangam');
const loadSevas = () => import('./routes/sevas');
const loadSevaDetail = () => import('./routes/seva-detail');
const loadFunds = () => import('./routes/funds');
const loadFundDetail = () => import('./routes/fund-detail');
const Home = preloadableLazy(loadHome);
const Events = preloadableLazy(loadEvents);
const EventDetail = preloadableLazy(loadEventDetail);
const SignIn = preloadableLazy(loadSignIn);
const SignUp = preloadableLazy(loadSignUp);
const Donate = preloadableLazy(loadDonate);
const Contact = preloadableLazy(loadContact);
const Panchangam = preloadableLazy(loadPanchangam);
const Sevas = preloadableLazy(loadSevas);
const SevaDetail = preloadableLazy(loadSevaDetail);
const Funds = preloadableLazy(loadFunds);
const FundDetail = preloadableLazy(loadFundDetail);
// The 404 page, with the routes the entry does not list before it (./more-routes.tsx).
const MoreRoutes = lazy(() => import('./more-routes'));

/**
 * The pages that are never prerendered (signed-in, staff and one-off pages), each loaded when first
 * visited: one table, rather than a `lazy` and a `<Route>` each, keeps the entry small.
 */
const LAZY_ROUTES: [string, LazyExoticComponent<ComponentType>][] = [
  [paths.forgotPassword.path, lazy(() => import('./routes/forgot-password'))],
  [paths.resetPassword.path, lazy(() => import('./routes/reset-password'))],
  [paths.profile.path, lazy(() => import('./routes/profile'))],
  [paths.dashboard.path, lazy(() => import('./routes/dashboard'))],
  [paths.myDonations.path, lazy(() => import('./routes/my-donations'))],
  [paths.admin.path, lazy(() => import('./routes/admin'))],
  [paths.sevaSchedule.path, lazy(() => import('./routes/seva-schedule'))],
  [paths.mySevas.path, lazy(() => import('./routes/my-sevas'))],
  [paths.counter.path, lazy(() => import('./routes/counter'))],
  [paths.walkInStatement.path, lazy(() => import('./routes/walk-in-statement'))],
  [paths.collections.path, lazy(() => import('./routes/collections'))],
  [paths.deposits.path, lazy(() => import('./routes/deposits'))],
  [paths.checks.path, lazy(() => import('./routes/checks'))],
  [paths.dailyReport.path, lazy(() => import('./routes/daily-report'))],
  [paths.eventCheckIn.path, lazy(() => import('./routes/event-check-in'))],
  [paths.receipt.path, lazy(() => import('./routes/receipt'))],
  [paths.myStatement.path, lazy(() => import('./routes/my-statement'))],
  [paths.paymentConfirmation.path, lazy(() => import('./routes/payment-confirmation'))],
  [paths.testPayment.path, lazy(() => import('./routes/test-payment'))],
  [paths.setup.path, lazy(() => import('./routes/setup'))],
];

/**
 * Pages made of API data (the temple's texts, events) are in the markup only when the server
 * rendered it with the page's data (ADR 0120). The build-time prerender, which has none, shows the
 * page spinner there, and the page renders once hydrated, with its data from the page's data block
 * at once. Markup without the data would shift as the data arrived (ADR 0117).
 */
function AfterHydration({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  if (hydrated || markupHasData()) return children;
  // A screen tall, so the footer starts below the fold and does not move when the page renders.
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <PageSpinner />
    </Box>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {PUBLIC_ROUTES.map(([path, Page, madeOfData]) => (
          <Route key={path} path={path} element={madeOfData ? <AfterHydration><Page /></AfterHydration> : <Page />} />
        ))}
        {LAZY_ROUTES.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<MoreRoutes />} />
      </Route>
    </Routes>
  );
}

// The public pages (src/app/public-pages.json; a test checks this list against it), prerendered at
// build time (entry-server.tsx): their chunks are loaded before the browser hydrates the page's
// markup (main.tsx), so hydration does not wait on them. Kept here rather than read from the JSON,
// which would add its bytes to the entry.
export const PUBLIC_ROUTES: [string, Preloadable<ComponentType>, boolean][] = [
  // Each with whether it is made of API data (rendered after hydration unless the markup has it).
  [paths.home.path, Home, true],
  [paths.events.path, Events, true],
  [paths.eventDetail.path, EventDetail, true],
  [paths.signIn.path, SignIn, false],
  [paths.signUp.path, SignUp, false],
  [paths.donate.path, Donate, false],
  [paths.contact.path, Contact, true],
  [paths.panchangam.path, Panchangam, true],
  [paths.sevas.path, Sevas, true],
  [paths.sevaDetail.path, SevaDetail, true],
  [paths.funds.path, Funds, true],
  [paths.fundDetail.path, FundDetail, true],
];

/** Loads the chunks of the prerendered page at `pathname` and of the layout around it. */
export async function preloadRoute(pathname: string): Promise<void> {
  const match = PUBLIC_ROUTES.find(([pattern]) => matchPath(pattern, pathname));
  await Promise.all([preloadLayout(), match?.[1].preload()]);
}

/** The routes under the top-level Suspense boundary: the same tree in the browser and the prerender. */
export function RoutesWithFallback() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <AppRoutes />
    </Suspense>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <RoutesWithFallback />
    </BrowserRouter>
  );
}
