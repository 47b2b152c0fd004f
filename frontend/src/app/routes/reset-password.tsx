import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { t } from './i18n';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');

  if (!token) {
    return (
      <AuthCard title={t('page.reset.invalidTitle')}>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 3 }}>
          {t('page.reset.invalidText')}
        </Typography>
        <Button component={RouterLink} to={paths.forgotPassword.getHref()} variant="contained" fullWidth>
          {t('page.reset.requestNew')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('page.reset.title')} subtitle={t('page.reset.subtitle')}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
