import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import type { SevaBooking } from '@/types/api';
import { useCancelSevaBooking, useMySevaBookings, useSevaSettings } from '../api/sevas';
import { t } from '../i18n';
import { formatCents, formatLocalDate, personLabel } from '../lib/sankalpam';

const STATUS = {
  held: { label: 'sevas.mine.status.held', color: 'warning' },
  confirmed: { label: 'sevas.mine.status.confirmed', color: 'success' },
  completed: { label: 'sevas.mine.status.completed', color: 'info' },
  cancelled: { label: 'sevas.mine.status.cancelled', color: 'default' },
} as const;

function BookingCard({ booking, now, onCancel }: { booking: SevaBooking; now: number; onCancel: () => void }) {
  const known = STATUS[booking.status as keyof typeof STATUS] as (typeof STATUS)[keyof typeof STATUS] | undefined;
  const status = known ? { label: t(known.label), color: known.color } : { label: booking.status, color: 'default' as const };
  const upcoming = new Date(booking.startsAt).getTime() > now;
  const cancellable = upcoming && (booking.status === 'held' || booking.status === 'confirmed');
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} data-testid="seva-booking">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {booking.sevaName}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} />
      </Box>
      <Typography>
        {formatLocalDate(booking.date)}, {booking.slotLabel}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('sevas.mine.for', { people: booking.participants.map(personLabel).join('; ') })}
      </Typography>
      {booking.address ? (
        <Typography variant="body2" color="text.secondary">
          {t('sevas.mine.at', { address: booking.address })}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2">{booking.amountCents > 0 ? formatCents(booking.amountCents) : t('sevas.price.noCharge')}</Typography>
        {cancellable ? (
          <Button color="error" onClick={onCancel}>
            {t('sevas.mine.cancelBooking')}
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}

/** The dashboard's "My Sevas": the member's bookings, with cancellation before the cut-off. */
export function MySevas() {
  const { bookings, error, isLoading, refresh } = useMySevaBookings();
  const { settings } = useSevaSettings();
  const cancel = useCancelSevaBooking();
  const { toast } = useToast();
  const [toCancel, setToCancel] = useState<SevaBooking | null>(null);
  const [busy, setBusy] = useState(false);
  // The page's moment: slots that started are no longer offered for cancelling.
  const [now] = useState(() => Date.now());

  async function confirmCancel() {
    if (!toCancel) return;
    setBusy(true);
    try {
      await cancel(toCancel);
      toast({ title: t('sevas.mine.cancelled'), description: toCancel.sevaName });
      setToCancel(null);
    } catch (err) {
      toast({ title: t('sevas.mine.couldNotCancel'), description: errorMessage(err, t('sevas.mine.cancelFailed')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  if (isLoading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('sevas.mine.loading')} />
      </Box>
    );
  }
  if (error) return <RetryAlert onRetry={() => void refresh()}>{t('sevas.mine.loadFailed')}</RetryAlert>;
  const list = bookings ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      {list.length === 0 ? (
        <Typography color="text.secondary">
          {t('sevas.mine.empty')}{' '}
          <Button component={RouterLink} to={paths.sevas.getHref()} size="small">
            {t('sevas.mine.browse')}
          </Button>
        </Typography>
      ) : (
        list.map((b) => <BookingCard key={b.id} booking={b} now={now} onCancel={() => setToCancel(b)} />)
      )}
      <ConfirmDialog
        open={toCancel !== null}
        title={t('sevas.mine.cancelTitle')}
        confirmLabel={t('sevas.mine.cancelBooking')}
        busyLabel={t('sevas.mine.cancelling')}
        busy={busy}
        destructive
        onConfirm={() => void confirmCancel()}
        onClose={() => setToCancel(null)}
      >
        <DialogContentText>
          {t.rich('sevas.mine.cancelText', {
            b: (chunks) => <strong>{chunks}</strong>,
            seva: toCancel?.sevaName,
            date: toCancel ? formatLocalDate(toCancel.date) : '',
          })}
        </DialogContentText>
        {settings?.cancellationPolicy ? <DialogContentText sx={{ mt: 1.5 }}>{settings.cancellationPolicy}</DialogContentText> : null}
      </ConfirmDialog>
    </Box>
  );
}
