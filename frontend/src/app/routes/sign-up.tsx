import { useNavigate } from 'react-router';
import { UntilHydrated } from '@/components/ui/until-hydrated';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignedOutOnly } from '@/features/auth/components/signed-out-only';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { t } from './i18n';

export default function SignUpRoute() {
  const navigate = useNavigate();

  return (
    <SignedOutOnly redirect={paths.home.getHref()}>
      <AuthCard title={t('page.signUp.title')} subtitle={t('page.signUp.subtitle')}>
        <UntilHydrated>
          <SignUpForm onSuccess={() => navigate(paths.signIn.getHref())} />
        </UntilHydrated>
      </AuthCard>
    </SignedOutOnly>
  );
}
