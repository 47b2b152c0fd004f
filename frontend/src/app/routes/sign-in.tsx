import Alert from '@mui/material/Alert';
import { useNavigate, useSearchParams } from 'react-router';
import { UntilHydrated } from '@/components/ui/until-hydrated';
import { safeRedirect } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignedOutOnly } from '@/features/auth/components/signed-out-only';

export default function SignInRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirect(params.get('redirect'));
  const verified = params.get('verified');

  return (
    <SignedOutOnly redirect={redirect}>
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
    </SignedOutOnly>
  );
}
