import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/** Members-only content: signed-out visitors go to /sign-in?redirect={current path}. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.signIn.getHref(location.pathname + location.search)} replace />;
  return <>{children}</>;
}
