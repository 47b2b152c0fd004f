import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import type { MyShiftSignup } from '@/types/volunteer-shifts';
import { t } from '../i18n';
import { byStart, hasStarted, shiftWhen, signupStatusColor, signupStatusLabel } from '../lib/shifts';

type Props = {
  signups: MyShiftSignup[] | undefined;
  isLoading: boolean;
  error: Error | undefined;
  onRetry: () => void;
  now: number;
  drop: (signup: MyShiftSignup) => Promise<void>;
  askToDrop: (signup: MyShiftSignup) => Promise<MyShiftSignup>;
};

/**
 * "Your shifts": the member's own sign-ups for the event (themselves and their family), each with
 * its status and Drop (before the drop cut-off, after confirming) or, past it, "Ask the coordinator
 * to drop". Nothing when there are none.
 */
export function MyEventShifts({ signups, isLoading, error, onRetry, now, drop, askToDrop }: Props) {
  const headingId = useId();
  const [dropping, setDropping] = useState<MyShiftSignup | null>(null);
  // A dropped shift leaves the list, with the button that had the focus: the list's heading takes it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [dropped, setDropped] = useState(0);
  useEffect(() => {
    if (dropped > 0) headingRef.current?.focus();
  }, [dropped]);
  if (isLoading) {
    return (
      <LoadingRegion label={t('shifts.mine.loading')}>
        <Skeleton variant="rounded" height={64} />
      </LoadingRegion>
    );
  }
  if (error) return <RetryAlert onRetry={onRetry}>{t('shifts.mine.loadError')}</RetryAlert>;
  if (!signups || signups.length === 0) return null;
  const list = [...signups].sort(byStart);
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} ref={headingRef} tabIndex={-1} component="h3" variant="h6" sx={{ '&:focus': { outline: 'none' } }}>
        {t('shifts.mine.heading')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {list.map((s) => (
          <MySignupItem key={s.id} signup={s} now={now} onDrop={() => setDropping(s)} askToDrop={askToDrop} />
        ))}
      </Box>
      {dropping ? (
        <DropDialog
          signup={dropping}
          drop={drop}
          onClose={() => setDropping(null)}
          onDropped={() => {
            setDropping(null);
            setDropped((n) => n + 1);
          }}
        />
      ) : null}
    </Box>
  );
}

type ItemProps = {
  signup: MyShiftSignup;
  now: number;
  onDrop: () => void;
  askToDrop: (signup: MyShiftSignup) => Promise<MyShiftSignup>;
};

function MySignupItem({ signup, now, onDrop, askToDrop }: ItemProps) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // "Ask the coordinator to drop" becomes "Drop requested": the shift keeps the focus.
  const itemRef = useRef<HTMLLIElement>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) itemRef.current?.focus();
  }, [asked]);
  const started = hasStarted(signup, now);
  const who = signup.familyMemberId ? signup.name : t('shifts.mine.you');
  const status = signupStatusLabel(signup);

  async function ask() {
    setBusy(true);
    setError(null);
    try {
      await askToDrop(signup);
      setAsked((n) => n + 1);
      toast({ title: t('shifts.mine.dropRequested'), description: t('shifts.mine.dropRequestedText', { role: signup.roleName, when: shiftWhen(signup) }) });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  let action = null;
  if (signup.dropRequested) {
    action = <Chip size="small" variant="outlined" label={t('shifts.mine.dropRequested')} />;
  } else if (signup.canDrop) {
    action = (
      <Button color="error" variant="outlined" onClick={onDrop} aria-label={t('shifts.mine.dropOf', { role: signup.roleName, when: shiftWhen(signup), name: signup.name })}>
        {t('shifts.mine.drop')}
      </Button>
    );
  } else if (!started) {
    action = (
      <Button variant="outlined" onClick={() => void ask()} disabled={busy}>
        {busy ? t('shifts.mine.asking') : t('shifts.mine.askToDrop')}
      </Button>
    );
  }

  return (
    <Box component="li" ref={itemRef} tabIndex={-1} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'space-between', alignItems: 'center' }}>
        <Box sx={{ display: 'grid', gap: 0.25, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {signup.roleName} · {who}
          </Typography>
          <Typography variant="body2">{shiftWhen(signup)}</Typography>
          {signup.reportTo ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {t('shifts.reportTo', { place: signup.reportTo })}
            </Typography>
          ) : null}
          <Box sx={{ mt: 0.5 }}>
            <Chip size="small" color={signupStatusColor(signup)} label={status} />
          </Box>
        </Box>
        {action ? <Box sx={{ flexShrink: 0 }}>{action}</Box> : null}
      </Box>
      {error ? <Alert severity="error">{errorMessage(error, t('shifts.somethingWrong'))}</Alert> : null}
    </Box>
  );
}

type DropDialogProps = {
  signup: MyShiftSignup;
  drop: (signup: MyShiftSignup) => Promise<void>;
  onClose: () => void;
  onDropped: () => void;
};

/** "Drop this shift?": drops the sign-up once confirmed; a refusal (past the cut-off) is shown in the dialog. */
function DropDialog({ signup, drop, onClose, onDropped }: DropDialogProps) {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await drop(signup);
      toast({ title: t('shifts.drop.done'), description: t('shifts.drop.doneText', { role: signup.roleName, when: shiftWhen(signup) }) });
      onDropped();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open
      title={t('shifts.drop.title')}
      confirmLabel={t('shifts.drop.confirm')}
      cancelLabel={t('shifts.drop.keep')}
      busyLabel={t('shifts.drop.busy')}
      busy={busy}
      destructive
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <DialogContentText>
        {t.rich(signup.familyMemberId ? 'shifts.drop.they' : 'shifts.drop.you', {
          name: signup.name,
          role: signup.roleName,
          when: shiftWhen(signup),
          b: (chunks) => <strong>{chunks}</strong>,
        })}
      </DialogContentText>
      {error ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(error, t('shifts.drop.failed'))}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
