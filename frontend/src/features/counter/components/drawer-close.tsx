import LockClockOutlined from '@mui/icons-material/LockClockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RetryAlert } from '@/components/ui/retry-alert';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatUSD } from '@/lib/format';
import { closeDrawer, type Drawer, type DrawerClose, useDrawer } from '../api/drawer';
import {
  clearPendingClose,
  countErrors,
  differenceCents,
  differenceWords,
  loadPendingClose,
  newCloseKey,
  savePendingClose,
  signedUSD,
  toCloseRequest,
  type DrawerCount,
  type PendingClose,
} from '../lib/drawer';
import { closedWhen, DrawerCloseSummary } from './drawer-close-summary';

type Failure = { kind: 'kept' | 'refused' | 'moved'; message: string };
type FieldErrors = { counted?: string; note?: string };

const COUNTED_ID = 'drawer-counted';
const NOTE_ID = 'drawer-note';

function focusSoon(id: string) {
  window.requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** The cash the drawer should hold, and since when. */
function Expected({ expected, drawer, pending }: { expected: string; drawer: Drawer | undefined; pending: boolean }) {
  const last = drawer?.lastClose;
  const since = last ? `since the last close (${closedWhen(last.closedAt)}, ${last.closedByName})` : 'since the counter opened';
  return (
    <Box>
      <Typography color="text.secondary">Expected cash in the drawer</Typography>
      <Typography variant="h4" component="p" data-testid="drawer-expected">
        {formatUSD(expected)}
      </Typography>
      <Typography color="text.secondary">
        {pending || !drawer ? 'As it was when this close was sent' : `From ${drawer.sales} cash ${drawer.sales === 1 ? 'sale' : 'sales'} ${since}`}
      </Typography>
    </Box>
  );
}

/** The count and its note, the live difference, and the close sent (kept on the device until the server answers). */
function DrawerCloseForm({ onClose, onPendingChange }: { onClose: () => void; onPendingChange: (pending: boolean) => void }) {
  const { drawer, error, isLoading, refresh } = useDrawer();
  const [pending, setPending] = useState<PendingClose | null>(() => loadPendingClose());
  const [count, setCount] = useState<DrawerCount>(() => ({ counted: String(pending?.request.counted ?? ''), note: pending?.request.note ?? '' }));
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<DrawerClose | null>(null);
  const expected = pending ? String(pending.request.expected) : drawer?.expected;
  const locked = pending !== null || sending;

  const keep = (next: PendingClose | null) => {
    if (next) savePendingClose(next);
    else clearPendingClose();
    setPending(next);
    onPendingChange(next !== null);
  };

  const send = async (close: PendingClose) => {
    setSending(true);
    setFailure(null);
    try {
      const recorded = await closeDrawer(close.key, close.request);
      keep(null);
      setDone(recorded);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        // Nothing was closed: the sales moved under the count. Count again against the new expected cash.
        keep(null);
        setCount((c) => ({ ...c, counted: '' }));
        setAttempted(false);
        setFailure({ kind: 'moved', message: errorMessage(err, 'Sales came in or were voided since the drawer was read: count again against the new expected cash') });
        await refresh();
        focusSoon(COUNTED_ID);
      } else if (err instanceof ApiError && err.status < 500) {
        keep(null);
        const fields = err.fieldErrors;
        setServerErrors({ counted: fields.counted, note: fields.note });
        setFailure({ kind: 'refused', message: errorMessage(err, 'The close was refused.') });
      } else {
        setFailure({
          kind: 'kept',
          message: err instanceof ApiError ? 'Not closed: the server did not answer. Your count is kept; try again.' : 'Not closed: the network is down. Your count is kept; try again.',
        });
      }
    } finally {
      setSending(false);
    }
  };

  const submit = () => {
    if (expected === undefined) return;
    setAttempted(true);
    setServerErrors({});
    const errors = countErrors(expected, count);
    if (errors.counted || errors.note) {
      focusSoon(errors.counted ? COUNTED_ID : NOTE_ID);
      return;
    }
    const close: PendingClose = { key: newCloseKey(), request: toCloseRequest(expected, count) };
    keep(close);
    void send(close);
  };

  if (done) {
    return (
      <>
        <DialogContent dividers>
          <DrawerCloseSummary close={done} />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose} autoFocus>
            Done
          </Button>
        </DialogActions>
      </>
    );
  }

  const shown: FieldErrors = { ...(attempted && expected !== undefined ? countErrors(expected, count) : {}), ...stripEmpty(serverErrors) };
  const difference = expected === undefined ? null : differenceCents(expected, count.counted);
  return (
    <>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5, alignContent: 'start' }}>
        {pending ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" onClick={() => void send(pending)} disabled={sending}>
                {sending ? 'Sending...' : 'Send again'}
              </Button>
            }
          >
            {failure?.kind === 'kept' ? failure.message : 'This close was sent but not yet confirmed. Send it again: it will not be recorded twice.'}
          </Alert>
        ) : null}
        {!pending && failure ? (
          <Alert severity={failure.kind === 'moved' ? 'warning' : 'error'} role="alert">
            {failure.message}
          </Alert>
        ) : null}
        {expected === undefined ? (
          isLoading ? (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
              <CircularProgress aria-label="Reading the drawer" />
            </Box>
          ) : error ? (
            <RetryAlert onRetry={() => void refresh()}>{errorMessage(error, 'The drawer could not be read. Check the network and retry.')}</RetryAlert>
          ) : null
        ) : (
          <>
            <Expected expected={expected} drawer={drawer} pending={pending !== null} />
            <TextField
              id={COUNTED_ID}
              label="Cash counted ($)"
              value={count.counted}
              onChange={(e) => setCount({ ...count, counted: e.target.value })}
              disabled={locked}
              inputMode="decimal"
              autoComplete="off"
              autoFocus
              error={Boolean(shown.counted)}
              helperText={shown.counted ?? 'The bills and coins in the drawer, in dollars'}
            />
            <Typography variant="h6" component="p" role="status" aria-live="polite" data-testid="drawer-difference">
              {difference === null ? 'Difference: enter the cash counted' : `Difference ${signedUSD(difference)} · ${differenceWords(difference)}`}
            </Typography>
            <TextField
              id={NOTE_ID}
              label="Note"
              value={count.note}
              onChange={(e) => setCount({ ...count, note: e.target.value })}
              disabled={locked}
              multiline
              minRows={2}
              required={difference !== null && difference !== 0}
              error={Boolean(shown.note)}
              helperText={shown.note ?? (difference !== null && difference !== 0 ? 'Required: say why the count differs' : 'Optional when the count matches')}
            />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={locked || expected === undefined}>
          {sending ? 'Closing...' : 'Confirm close'}
        </Button>
      </DialogActions>
    </>
  );
}

function stripEmpty(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => Boolean(v))) as FieldErrors;
}

/**
 * The front desk's close of the drawer: a button that opens the count against the cash of the
 * sales since the last close. A close sent is kept on this device with its key until the server
 * answers, so a dropped network never loses the count and sending it again never closes twice.
 */
export function DrawerCloseButton() {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(() => loadPendingClose() !== null);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="outlined" color={pending ? 'warning' : 'primary'} startIcon={<LockClockOutlined />} onClick={() => setOpen(true)} aria-haspopup="dialog">
        Close the drawer
      </Button>
      {pending ? (
        <Typography variant="body2" color="warning.main">
          A close is not confirmed yet
        </Typography>
      ) : null}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="drawer-close-title" scroll="paper">
        <DialogTitle id="drawer-close-title">Close the drawer</DialogTitle>
        <DrawerCloseForm onClose={() => setOpen(false)} onPendingChange={setPending} />
      </Dialog>
    </Box>
  );
}
