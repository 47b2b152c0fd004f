import Alert from '@mui/material/Alert';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { UntilHydrated } from '@/components/ui/until-hydrated';
import { safeRedirect } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { getAuthToken } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useHydrated } from '@/lib/use-hydrated';

export default function SignInRoute() {
  const { user, loading } = useAuth();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirect(params.get('redirect'));
  const verified = params.get('verified');

  // The prerendered page (ADR 0117) shows the form; a stored session is checked once hydrated.
  if (loading && hydrated && getAuthToken()) return <PageSpinner />;
  if (!loading && user) return <Navigate to={redirect} replace />;

  return (
    <AuthCard title="Welcome Back" subtitle="Sign in to your account to register for events, volunteer and donate.">
      {verified === '1' ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          Your email address has been verified. You can now sign in.
        </Alert>
      ) : verified === '0' ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This verification link is invalid or has already been used.
        </Alert>
      ) : null}
      <UntilHydrated>
        <SignInForm onSuccess={() => navigate(redirect, { replace: true })} />
      </UntilHydrated>
    </AuthCard>
  );
}
