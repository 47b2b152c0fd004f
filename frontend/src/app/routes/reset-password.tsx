import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');

  if (!token) {
    return (
      <AuthCard title="Invalid Reset Link">
        <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 3 }}>
          This password reset link is missing its token. Please request a new one.
        </Typography>
        <Button component={RouterLink} to={paths.forgotPassword.getHref()} variant="contained" fullWidth>
          Request a new reset link
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your account.">
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
