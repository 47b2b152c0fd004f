import Alert from '@mui/material/Alert';
import { useNavigate, useSearchParams } from 'react-router';
import { UntilHydrated } from '@/components/ui/until-hydrated';
import { safeRedirect } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignedOutOnly } from '@/features/auth/components/signed-out-only';
import { t } from './i18n';

export default function SignInRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirect(params.get('redirect'));
  const verified = params.get('verified');

  return (
    <SignedOutOnly redirect={redirect}>
      <AuthCard title={t('page.signIn.title')} subtitle={t('page.signIn.subtitle')}>
        {verified === '1' ? (
          <Alert severity="success" sx={{ mb: 2 }}>
            {t('page.signIn.verified')}
          </Alert>
        ) : verified === '0' ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('page.signIn.verifyInvalid')}
          </Alert>
        ) : null}
        <UntilHydrated>
          <SignInForm onSuccess={() => navigate(redirect, { replace: true })} />
        </UntilHydrated>
      </AuthCard>
    </SignedOutOnly>
  );
}
