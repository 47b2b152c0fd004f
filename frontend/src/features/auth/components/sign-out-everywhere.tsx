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
import { t } from '../i18n';

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
      toast: { title: t('auth.everywhere.done'), description: t('auth.everywhere.doneText') },
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
      toast({ title: t('auth.everywhere.failed'), description: errorMessage(err, t('auth.everywhere.failedText')), variant: 'destructive' });
    }
  }

  return (
    <Box component="section" aria-labelledby="sign-out-everywhere-heading">
      <Typography id="sign-out-everywhere-heading" component="h2" variant="h6" gutterBottom>
        {t('auth.everywhere.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('auth.everywhere.intro')}
      </Typography>
      <Button variant="outlined" color="error" startIcon={<LogoutOutlined />} onClick={() => setOpen(true)}>
        {t('auth.everywhere.title')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('auth.everywhere.confirmTitle')}
        confirmLabel={t('auth.everywhere.title')}
        busyLabel={t('auth.everywhere.busy')}
        busy={busy}
        destructive
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      >
        {t('auth.everywhere.confirmText')}
      </ConfirmDialog>
    </Box>
  );
}
