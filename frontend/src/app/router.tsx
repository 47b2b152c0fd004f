import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { RootLayout } from './layout/root-layout';

// Every spec route (section 2), each in its own lazily loaded chunk. The declarative router keeps
// the initial bundle small (see DESIGN.md budgets); routes need no loaders.
const Home = lazy(() => import('./routes/home'));
const Events = lazy(() => import('./routes/events'));
const EventDetail = lazy(() => import('./routes/event-detail'));
const SignIn = lazy(() => import('./routes/sign-in'));
const SignUp = lazy(() => import('./routes/sign-up'));
const ForgotPassword = lazy(() => import('./routes/forgot-password'));
const ResetPassword = lazy(() => import('./routes/reset-password'));
const Profile = lazy(() => import('./routes/profile'));
const Dashboard = lazy(() => import('./routes/dashboard'));
const Admin = lazy(() => import('./routes/admin'));
const Donate = lazy(() => import('./routes/donate'));
const PaymentConfirmation = lazy(() => import('./routes/payment-confirmation'));
const TestPayment = lazy(() => import('./routes/test-payment'));
const Contact = lazy(() => import('./routes/contact'));
const NotFound = lazy(() => import('./routes/not-found'));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path={paths.home.path} element={<Home />} />
        <Route path={paths.events.path} element={<Events />} />
        <Route path={paths.eventDetail.path} element={<EventDetail />} />
        <Route path={paths.signIn.path} element={<SignIn />} />
        <Route path={paths.signUp.path} element={<SignUp />} />
        <Route path={paths.forgotPassword.path} element={<ForgotPassword />} />
        <Route path={paths.resetPassword.path} element={<ResetPassword />} />
        <Route path={paths.profile.path} element={<Profile />} />
        <Route path={paths.dashboard.path} element={<Dashboard />} />
        <Route path={paths.admin.path} element={<Admin />} />
        <Route path={paths.donate.path} element={<Donate />} />
        <Route path={paths.paymentConfirmation.path} element={<PaymentConfirmation />} />
        <Route path={paths.testPayment.path} element={<TestPayment />} />
        <Route path={paths.contact.path} element={<Contact />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<PageSpinner />}>
        <AppRoutes />
      </Suspense>
    </BrowserRouter>
  );
}
