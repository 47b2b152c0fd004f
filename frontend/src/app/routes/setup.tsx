import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { signIn } from '@/features/auth/api/sign-in';
import { checkSetupLink } from '@/features/setup/api/setup';
import { SetupForm } from '@/features/setup/components/setup-form';
import { useAuth } from '@/lib/auth';

/** /setup?token=…: the first-run setup link `mandir serve` prints while no admin exists. */
export default function SetupRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const auth = useAuth();
  const navigate = useNavigate();
  const check = useSWR(token ? ['/api/setup/check', token] : null, () => checkSetupLink(token), { revalidateOnFocus: false, shouldRetryOnError: false });

  if (!token || check.error) {
    return (
      <AuthCard title="Setup link not valid">
        <Alert severity="warning" sx={{ mb: 3 }}>
          This setup link was used already, replaced by a newer one, or an admin exists. Restart the server for a new link while
          no admin exists, or sign in.
        </Alert>
        <Button component={RouterLink} to={paths.signIn.getHref()} variant="contained" fullWidth>
          Sign In
        </Button>
      </AuthCard>
    );
  }
  if (check.isLoading) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 8 }} aria-label="Checking the setup link" />;

  return (
    <AuthCard title="Set up your temple's site" subtitle="Create the first admin account and tell visitors about the temple.">
      <SetupForm
        token={token}
        onDone={async (email, password) => {
          const session = await signIn({ email, password });
          auth.signIn(session.token, session.user);
          await navigate('/admin?tab=temple');
        }}
      />
    </AuthCard>
  );
}
