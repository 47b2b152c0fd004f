import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { signOutEverywhere } from '../api/sign-out-everywhere';

/** Account Settings: end every session of the member (other devices and this one), after a confirmation. */
export function SignOutEverywhereSection() {
  const { signOut } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const endLocally = () =>
    signOut({
      notifyServer: false,
      toast: { title: 'Signed out everywhere', description: 'Every session of your account has been ended.' },
    });

  // Home first, committed at once, then the local sign-out: signing out while still on this
  // protected page would send the member to sign-in instead.
  function leave() {
    navigate(paths.home.getHref(), { flushSync: true });
    endLocally();
  }

  async function confirm() {
    setBusy(true);
    try {
      await signOutEverywhere();
      setOpen(false);
      leave();
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 401) {
        // The session had already ended on the server: finish here too.
        setOpen(false);
        leave();
        return;
      }
      toast({ title: 'Sign out failed', description: errorMessage(err, 'Could not end your sessions. Please try again.'), variant: 'destructive' });
    }
  }

  return (
    <Box component="section" aria-labelledby="sign-out-everywhere-heading">
      <Typography id="sign-out-everywhere-heading" component="h2" variant="h6" gutterBottom>
        Sign out everywhere
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Signed in on a shared or lost device? End every session of your account on all devices and browsers, including
        this one.
      </Typography>
      <Button variant="outlined" color="error" startIcon={<LogoutOutlined />} onClick={() => setOpen(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={open}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        busyLabel="Signing out..."
        busy={busy}
        destructive
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        You will be signed out on every device and browser, including this one, and will need to sign in again.
      </ConfirmDialog>
    </Box>
  );
}
