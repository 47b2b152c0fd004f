import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <AuthCard title="Forgot Password" subtitle="Enter your e-mail and we will send you a link to reset your password.">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
