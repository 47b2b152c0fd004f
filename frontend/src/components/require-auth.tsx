import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import type { Permission } from '@/types/api';

/**
 * Members-only content: signed-out visitors go to /sign-in?redirect={current path}; a member who
 * has just signed out here goes home.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading, signedOut } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user && signedOut) return <Navigate to={paths.home.getHref()} replace />;
  if (!user) return <Navigate to={paths.signIn.getHref(location.pathname + location.search)} replace />;
  return <>{children}</>;
}

/**
 * A staff page: signed-out visitors go to /sign-in?redirect={this page}, anyone without
 * `permission` goes home. The server enforces the permission on every request; this only mirrors it.
 */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { user, loading, can } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.signIn.getHref(location.pathname + location.search)} replace />;
  if (!can(permission)) return <Navigate to={paths.home.getHref()} replace />;
  return <>{children}</>;
}
