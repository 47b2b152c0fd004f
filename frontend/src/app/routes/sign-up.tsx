import { Navigate, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useAuth } from '@/lib/auth';

export default function SignUpRoute() {
  const { user, loading } = useAuth();
  const navigate = useNavigate();

  if (loading) return <PageSpinner />;
  if (user) return <Navigate to={paths.home.getHref()} replace />;

  return (
    <AuthCard title="Create an Account" subtitle="Join our temple community to register for events and stay connected.">
      <SignUpForm onSuccess={() => navigate(paths.signIn.getHref())} />
    </AuthCard>
  );
}
