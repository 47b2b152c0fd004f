import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { t } from './i18n';

export default function ForgotPasswordRoute() {
  return (
    <AuthCard title={t('page.forgot.title')} subtitle={t('page.forgot.subtitle')}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
