import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatDate, formatTime, formatUSD } from '@/lib/format';
import type { Collection, Confirmation } from '../types';
import { useCollection, useCollectionActions } from '../api/collections';
import { confirmability } from '../lib/count-state';
import { formatDay } from '../lib/dates';
import { CountFigures } from './count-figures';
import { CountStateBadge } from './count-state-badge';
import { Facts } from './facts';
import { Section } from './section';

const when = (at: string) => `${formatDate(at)}, ${formatTime(at)}`;

function confirmationText(c: Confirmation | null, waiting: string): string {
  return c ? `${c.byName}, ${when(c.at)}` : waiting;
}

/** The actions on a count not yet locked: confirm it, correct it, or discard it. */
function CountActions({ count, onCorrect, onDiscarded }: { count: Collection; onCorrect: () => void; onDiscarded: () => void }) {
  const { user } = useAuth();
  const { toast } = useToast();
  const actions = useCollectionActions();
  const [busy, setBusy] = useState<'confirm' | 'discard' | null>(null);
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const allowed = confirmability(count, user?.id);

  async function confirm() {
    setBusy('confirm');
    setRefusal(null);
    try {
      const saved = await actions.confirm(count.id, count.revision);
      toast(
        saved.locked
          ? { title: 'Count locked', description: `${formatUSD(saved.total)} is recorded in the ledger.`, variant: 'success' }
          : { title: 'Count confirmed', description: 'A second person must confirm it too.', variant: 'success' },
      );
    } catch (err) {
      setRefusal(errorMessage(err, 'The count could not be confirmed. Please try again.'));
      if (err instanceof ApiError && err.status === 409) void actions.reload(count.id);
    } finally {
      setBusy(null);
    }
  }

  async function discard() {
    setBusy('discard');
    try {
      await actions.discard(count.id);
      toast({ title: 'Count discarded', description: `${count.boxName}, ${formatDay(count.countedOn)}` });
      onDiscarded();
    } catch (err) {
      setAsking(false);
      setRefusal(errorMessage(err, 'The count could not be discarded. Please try again.'));
      if (err instanceof ApiError && err.status === 409) void actions.reload(count.id);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {refusal ? <Alert severity="error">{refusal}</Alert> : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="contained"
          size="large"
          startIcon={<CheckCircleOutlined />}
          onClick={() => void confirm()}
          disabled={!allowed.canConfirm || busy !== null}
          aria-describedby={allowed.canConfirm ? undefined : 'confirm-reason'}
        >
          {busy === 'confirm' ? 'Confirming...' : 'Confirm this count'}
        </Button>
        <Button variant="outlined" onClick={onCorrect} disabled={busy !== null}>
          Correct
        </Button>
        <Button color="error" onClick={() => setAsking(true)} disabled={busy !== null}>
          Discard
        </Button>
      </Box>
      {allowed.canConfirm ? (
        <Typography variant="body2" color="text.secondary">
          Confirm only after counting the money yourself and finding these figures.
        </Typography>
      ) : (
        <Typography id="confirm-reason" variant="body2" color="text.secondary">
          {allowed.reason}
        </Typography>
      )}
      <ConfirmDialog
        open={asking}
        title="Discard this count?"
        confirmLabel="Discard count"
        busyLabel="Discarding..."
        busy={busy === 'discard'}
        destructive
        onConfirm={() => void discard()}
        onClose={() => setAsking(false)}
      >
        <DialogContentText>
          {`The count of ${formatUSD(count.total)} in ${count.boxName} (${formatDay(count.countedOn)}) and its confirmations are removed. Do this only for a count entered by mistake.`}
        </DialogContentText>
      </ConfirmDialog>
    </Box>
  );
}

/**
 * One hundi count: its figures, who confirmed it, and while it is not locked the actions on it.
 * A count that is gone (discarded elsewhere) says so.
 */
export function CollectionDetail({ id, onCorrect, onDiscarded }: { id: string; onCorrect: (count: Collection) => void; onDiscarded: () => void }) {
  const { can } = useAuth();
  const { collection: c, error, isLoading, refresh } = useCollection(id);

  if (isLoading) {
    return (
      <LoadingRegion label="Loading the count" sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={320} />
      </LoadingRegion>
    );
  }
  if (error instanceof ApiError && error.status === 404) return <Alert severity="info">This count is not here any more: it may have been discarded.</Alert>;
  if (error || !c) return <RetryAlert onRetry={() => void refresh()}>The count could not be loaded.</RetryAlert>;

  const deposit = c.deposit;
  const rows: [string, ReactNode][] = [
    ['Fund', c.fundName],
    ['Entered by', `${c.createdByName}, ${when(c.createdAt)}`],
    ['First confirmation', confirmationText(c.firstConfirmation, 'Waiting')],
    ['Second confirmation', confirmationText(c.secondConfirmation, c.firstConfirmation ? 'Waiting for another person' : 'Waiting')],
  ];
  if (c.receiptNumber) rows.push(['In the ledger', <Box component="span" sx={{ fontFamily: 'monospace' }}>{c.receiptNumber}</Box>]);
  if (deposit) {
    const label = `${deposit.number}${deposit.cleared ? ' (cleared)' : ''}`;
    rows.push(['Deposit', can('make_deposits') ? <Link component={RouterLink} to={paths.depositSlip.getHref(deposit.id)}>{label}</Link> : label]);
  }
  if (c.note) rows.push(['Note', c.note]);

  return (
    <Section title={`${c.boxName} · ${formatDay(c.countedOn)}`} id="count-detail-title">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>
          <CountStateBadge count={c} />
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatUSD(c.total)}
        </Typography>
      </Box>
      <CountFigures lines={c.counts} total={c.total} />
      <Facts wide rows={rows} />
      {c.locked ? null : <CountActions count={c} onCorrect={() => onCorrect(c)} onDiscarded={onDiscarded} />}
    </Section>
  );
}
