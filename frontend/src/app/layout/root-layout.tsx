import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useAppConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth';
import { preloadableLazy } from '@/lib/preloadable';
import { Header } from './header';
import { t } from './i18n';
import { RouteErrorBoundary } from './route-error';

// Below the fold: kept out of the initial bundle.
const Footer = preloadableLazy(() => import('./footer').then((m) => ({ default: m.Footer })));

/** Loads the layout's own lazy parts that every page shows (before hydrating a prerendered page). */
export const preloadLayout = () => Footer.preload();
// Shown to few visitors (staging sites, unverified members): loaded only when needed.
const StagingBanner = lazy(() => import('./staging-banner'));
const VerificationBanner = lazy(() => import('./verification-banner'));

function StagingNotice() {
  const { config } = useAppConfig();
  return config?.staging ? <Suspense fallback={null}><StagingBanner /></Suspense> : null;
}

function VerificationNotice() {
  const { user } = useAuth();
  return user && !user.emailVerified ? <Suspense fallback={null}><VerificationBanner email={user.email} /></Suspense> : null;
}

/** Scrolls to the top on page changes, or to the #hash target when there is one. */
function ScrollManager() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      const el = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (el) {
        el.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

export function RootLayout() {
  const location = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="a" href="#main" className="skip-link">
        {t('layout.skipToContent')}
      </Box>
      <StagingNotice />
      <Header />
      <VerificationNotice />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <RouteErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Box>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <ScrollManager />
    </Box>
  );
}
