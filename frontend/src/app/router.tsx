import { lazy, Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { markupHasData } from '@/lib/initial-data';
import { preloadableLazy } from '@/lib/preloadable';
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
const Home = preloadableLazy(loadHome);
const Events = preloadableLazy(loadEvents);
const EventDetail = preloadableLazy(loadEventDetail);
const SignIn = preloadableLazy(loadSignIn);
const SignUp = preloadableLazy(loadSignUp);
const ForgotPassword = lazy(() => import('./routes/forgot-password'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const Profile = lazy(() => import('./routes/profile'));
const Dashboard = lazy(() => import('./routes/dashboard'));
const MyDonations = lazy(() => import('./routes/my-donations'));
const Admin = lazy(() => import('./routes/admin'));
const EventCheckIn = lazy(() => import('./routes/event-check-in'));
const EventSignInSheet = lazy(() => import('./routes/event-sign-in-sheet'));
const Donate = preloadableLazy(loadDonate);
const Receipt = lazy(() => import('./routes/receipt'));
const MyStatement = lazy(() => import('./routes/my-statement'));
const PaymentConfirmation = lazy(() => import('./routes/payment-confirmation'));
const TestPayment = lazy(() => import('./routes/test-payment'));
const Contact = preloadableLazy(loadContact);
const Panchangam = preloadableLazy(loadPanchangam);
const Sevas = preloadableLazy(loadSevas);
const SevaDetail = preloadableLazy(loadSevaDetail);
const Setup = lazy(() => import('./routes/setup'));
const StaffInvite = lazy(() => import('./routes/staff-invite'));
const SevaSchedule = lazy(() => import('./routes/seva-schedule'));
const MySevas = lazy(() => import('./routes/my-sevas'));
const Counter = lazy(() => import('./routes/counter'));
const Checks = lazy(() => import('./routes/checks'));
const WalkInStatement = lazy(() => import('./routes/walk-in-statement'));
const Collections = lazy(() => import('./routes/collections'));
const Deposits = lazy(() => import('./routes/deposits'));
const DepositSlip = lazy(() => import('./routes/deposit-slip'));
const DailyReport = lazy(() => import('./routes/daily-report'));
const NotFound = lazy(() => import('./routes/not-found'));

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
        <Route path={paths.home.path} element={<AfterHydration><Home /></AfterHydration>} />
        <Route path={paths.events.path} element={<AfterHydration><Events /></AfterHydration>} />
        <Route path={paths.eventDetail.path} element={<AfterHydration><EventDetail /></AfterHydration>} />
        <Route path={paths.signIn.path} element={<SignIn />} />
        <Route path={paths.signUp.path} element={<SignUp />} />
        <Route path={paths.forgotPassword.path} element={<ForgotPassword />} />
        <Route path={paths.resetPassword.path} element={<ResetPassword />} />
        <Route path={paths.profile.path} element={<Profile />} />
        <Route path={paths.dashboard.path} element={<Dashboard />} />
        <Route path={paths.myDonations.path} element={<MyDonations />} />
        <Route path={paths.admin.path} element={<Admin />} />
        <Route path={paths.sevaSchedule.path} element={<SevaSchedule />} />
        <Route path={paths.mySevas.path} element={<MySevas />} />
        <Route path={paths.counter.path} element={<Counter />} />
        <Route path={paths.walkInStatement.path} element={<WalkInStatement />} />
        <Route path={paths.collections.path} element={<Collections />} />
        <Route path={paths.deposits.path} element={<Deposits />} />
        <Route path={paths.checks.path} element={<Checks />} />
        <Route path={paths.depositSlip.path} element={<DepositSlip />} />
        <Route path={paths.dailyReport.path} element={<DailyReport />} />
        <Route path={paths.sevas.path} element={<AfterHydration><Sevas /></AfterHydration>} />
        <Route path={paths.sevaDetail.path} element={<AfterHydration><SevaDetail /></AfterHydration>} />
        <Route path={paths.eventCheckIn.path} element={<EventCheckIn />} />
        <Route path={paths.eventSignInSheet.path} element={<EventSignInSheet />} />
        <Route path={paths.donate.path} element={<Donate />} />
        <Route path={paths.receipt.path} element={<Receipt />} />
        <Route path={paths.myStatement.path} element={<MyStatement />} />
        <Route path={paths.paymentConfirmation.path} element={<PaymentConfirmation />} />
        <Route path={paths.testPayment.path} element={<TestPayment />} />
        <Route path={paths.contact.path} element={<AfterHydration><Contact /></AfterHydration>} />
        <Route path={paths.panchangam.path} element={<AfterHydration><Panchangam /></AfterHydration>} />
        <Route path={paths.setup.path} element={<Setup />} />
        <Route path={paths.staffInvite.path} element={<StaffInvite />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

// The public pages (src/app/public-pages.json; a test checks this list against it), prerendered at
// build time (entry-server.tsx): their chunks are loaded before the browser hydrates the page's
// markup (main.tsx), so hydration does not wait on them. Kept here rather than read from the JSON,
// which would add its bytes to the entry.
export const PUBLIC_ROUTES: [string, { preload: () => Promise<void> }][] = [
  [paths.home.path, Home],
  [paths.events.path, Events],
  [paths.eventDetail.path, EventDetail],
  [paths.signIn.path, SignIn],
  [paths.signUp.path, SignUp],
  [paths.donate.path, Donate],
  [paths.contact.path, Contact],
  [paths.panchangam.path, Panchangam],
  [paths.sevas.path, Sevas],
  [paths.sevaDetail.path, SevaDetail],
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
