import { Navigate, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { UntilHydrated } from '@/components/ui/until-hydrated';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { getAuthToken } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useHydrated } from '@/lib/use-hydrated';

export default function SignUpRoute() {
  const { user, loading } = useAuth();
  const hydrated = useHydrated();
  const navigate = useNavigate();

  // The prerendered page (ADR 0117) shows the form; a stored session is checked once hydrated.
  if (loading && hydrated && getAuthToken()) return <PageSpinner />;
  if (!loading && user) return <Navigate to={paths.home.getHref()} replace />;

  return (
    <AuthCard title="Create an Account" subtitle="Join our temple community to register for events and stay connected.">
      <UntilHydrated>
        <SignUpForm onSuccess={() => navigate(paths.signIn.getHref())} />
      </UntilHydrated>
    </AuthCard>
  );
}
