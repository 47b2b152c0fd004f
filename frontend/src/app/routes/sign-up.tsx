import { useNavigate } from 'react-router';
import { UntilHydrated } from '@/components/ui/until-hydrated';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignedOutOnly } from '@/features/auth/components/signed-out-only';
import { SignUpForm } from '@/features/auth/components/sign-up-form';

export default function SignUpRoute() {
  const navigate = useNavigate();

  return (
    <SignedOutOnly redirect={paths.home.getHref()}>
      <AuthCard title="Create an Account" subtitle="Join our temple community to register for events and stay connected.">
        <UntilHydrated>
          <SignUpForm onSuccess={() => navigate(paths.signIn.getHref())} />
        </UntilHydrated>
      </AuthCard>
    </SignedOutOnly>
  );
}
