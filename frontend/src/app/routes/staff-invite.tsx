import LoginOutlined from '@mui/icons-material/LoginOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { acceptStaffInvitation, useStaffInvitationPreview } from '@/features/admin/members/api/staff-invitations';
import { rolesText } from '@/features/admin/members/lib/roles';
import { AuthCard } from '@/features/auth/components/auth-card';
import { InvitedAccountForm } from '@/features/auth/components/invited-account-form';
import { useAppConfig } from '@/lib/app-config';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { firstScreen } from '@/lib/first-screen';
import { formatDate } from '@/lib/format';
import type { StaffInvitationAccepted, StaffInvitationPreview } from '@/types/api';

const INVALID_LINK = 'This invitation link is invalid, has expired or has already been used.';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function InvalidInvitation({ message }: { message: string }) {
  return (
    <AuthCard title="Invitation not valid">
      <Alert severity="warning" sx={{ mb: 3 }}>
        {message} Ask the temple&apos;s admin to send a new invitation.
      </Alert>
      <Button component={RouterLink} to={paths.home.getHref()} variant="contained" fullWidth>
        Go to the home page
      </Button>
    </AuthCard>
  );
}

/** "Sign in as x to accept", with the sign-in page coming back here. */
function SignInToAccept({ email, token, note }: { email: string; token: string; note?: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="info">
        {note ? `${note} ` : ''}Sign in as <strong>{email}</strong> to accept.
      </Alert>
      <Button
        component={RouterLink}
        to={paths.signIn.getHref(paths.staffInvite.getHref(token))}
        variant="contained"
        size="large"
        startIcon={<LoginOutlined />}
      >
        Sign in to accept
      </Button>
    </Box>
  );
}

/** Signed in as someone else: the reason, and signing out to go on as the invited person. */
function WrongAccount({ message, onSwitch }: { message: string; onSwitch: () => void }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="warning">{message}</Alert>
      <Button variant="contained" size="large" onClick={onSwitch}>
        Sign out and switch account
      </Button>
    </Box>
  );
}

type ExistingProps = {
  token: string;
  preview: StaffInvitationPreview;
  onAccepted: (accepted: StaffInvitationAccepted) => Promise<void>;
  onSwitch: () => void;
};

/** The invitation of an existing account: signed in as it, one click adds the roles. */
function ExistingAccount({ token, preview, onAccepted, onSwitch }: ExistingProps) {
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ status: number | null; message: string } | null>(null);

  if (!user || failure?.status === 401) {
    return <SignInToAccept email={preview.email} token={token} note={user ? 'Your session has ended.' : undefined} />;
  }
  if (failure?.status === 403) return <WrongAccount message={failure.message} onSwitch={onSwitch} />;
  if (!sameAddress(user.email, preview.email)) {
    return (
      <WrongAccount
        message={`This invitation is for ${preview.email}, but you are signed in as ${user.email}.`}
        onSwitch={onSwitch}
      />
    );
  }

  async function accept() {
    setBusy(true);
    setFailure(null);
    try {
      await onAccepted(await acceptStaffInvitation({ token }));
    } catch (err) {
      setFailure({
        status: err instanceof ApiError ? err.status : null,
        message: errorMessage(err, 'The invitation could not be accepted. Please try again.'),
      });
      setBusy(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {failure ? <Alert severity="error">{failure.message}</Alert> : null}
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        You are signed in as <Box component="strong" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>{user.email}</Box>.
      </Typography>
      <Button variant="contained" size="large" onClick={() => void accept()} disabled={busy}>
        {busy ? 'Accepting...' : 'Accept and add these roles'}
      </Button>
    </Box>
  );
}

/**
 * /staff-invite?token=…: the link of an invitation to the staff. Someone without an account
 * creates one here (and is signed in); someone with one signs in as it and accepts. Either way the
 * person then lands where their new role's work starts.
 */
export default function StaffInviteRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { toast } = useToast();
  const auth = useAuth();
  const { config, isLoading: configLoading, templeName } = useAppConfig();
  const { preview, error, isLoading, refresh } = useStaffInvitationPreview(token);

  if (!token) return <InvalidInvitation message={INVALID_LINK} />;
  // The server refuses an unknown, expired, used or withdrawn link with 400; anything else is worth a retry.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return <InvalidInvitation message={errorMessage(error, INVALID_LINK).replace(/\.?$/, '.')} />;
  }
  if (error) {
    return (
      <AuthCard title="Join the staff">
        <RetryAlert onRetry={() => void refresh()}>The invitation could not be checked.</RetryAlert>
      </AuthCard>
    );
  }
  if (isLoading || !preview || configLoading || auth.loading) return <PageSpinner label="Checking the invitation" />;

  const roles = rolesText(preview.roles);
  const existingAccount = preview.existingAccount;

  async function landAfter(accepted: StaffInvitationAccepted) {
    if (accepted.token) auth.signIn(accepted.token, accepted.user);
    else await auth.refreshUser();
    toast({ title: 'Welcome to the staff', description: `You are now ${roles} at ${config?.templeName ?? templeName}.` });
    await navigate(firstScreen(accepted.user), { replace: true });
  }

  async function createAccount(values: { firstName: string; lastName: string; phoneNumber: string; password: string }) {
    let accepted: StaffInvitationAccepted;
    try {
      accepted = await acceptStaffInvitation({ token, ...values });
    } catch (err) {
      // 409: an account has the address by now. Read the link again: it then asks to sign in to it.
      if (err instanceof ApiError && err.status === 409) void refresh();
      throw err;
    }
    if (!accepted.token) {
      // Not expected for a new account: it exists now, so the person signs in to it.
      console.warn('Accepting the invitation answered no session token');
      await navigate(paths.signIn.getHref(firstScreen(accepted.user)), { replace: true });
      return;
    }
    await landAfter(accepted);
  }

  function switchAccount() {
    auth.signOut();
    // An existing account signs in and comes back; a new one is created here once signed out.
    if (existingAccount) void navigate(paths.signIn.getHref(paths.staffInvite.getHref(token)));
  }

  let body;
  if (existingAccount) {
    body = <ExistingAccount token={token} preview={preview} onAccepted={landAfter} onSwitch={switchAccount} />;
  } else if (auth.user && !sameAddress(auth.user.email, preview.email)) {
    body = (
      <WrongAccount
        message={`This invitation is for ${preview.email}, but you are signed in as ${auth.user.email}. Sign out to create the invited account.`}
        onSwitch={switchAccount}
      />
    );
  } else {
    body = <InvitedAccountForm email={preview.email} onSubmit={createAccount} submitLabel="Create account and join" />;
  }

  return (
    <AuthCard
      title="Join the staff"
      subtitle={
        <>
          You&apos;ve been invited to join {config?.templeName ?? templeName} as {roles}.
        </>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mb: 3, mt: -1.5 }}>
        {preview.invitedBy ? `${preview.invitedBy} invited ` : 'The invitation is for '}
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {preview.email}
        </Box>
        . It expires on {formatDate(preview.expiresAt)}.
      </Typography>
      {body}
    </AuthCard>
  );
}
