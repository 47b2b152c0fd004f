import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { getAuthToken } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * A page for visitors who are signed out (sign in, sign up): a signed-in member goes on to
 * `redirect`. The prerendered page (ADR 0117) shows `children`; a stored session is checked once
 * hydrated, with a spinner meanwhile. Only this component re-renders as the session is checked,
 * not the form it shows.
 */
export function SignedOutOnly({ redirect, children }: { redirect: string; children: ReactNode }) {
  const { user, loading } = useAuth();
  const hydrated = useHydrated();
  if (loading && hydrated && getAuthToken()) return <PageSpinner />;
  if (!loading && user) return <Navigate to={redirect} replace />;
  return children;
}
