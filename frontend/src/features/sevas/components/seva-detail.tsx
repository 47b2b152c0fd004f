import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmailNotVerifiedAlert } from '@/components/email-not-verified-alert';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useNow } from '@/lib/render-instant';
import { useSite } from '@/lib/site';
import type { Seva, SevaBooking } from '@/types/api';
import { useSeva, useSevaSettings } from '../api/sevas';
import { requestedDate } from '../lib/requested-date';
import { t } from '../i18n';
import { categoryLabel, formatCents, formatLocalDate, personLabel, todayIn } from '../lib/sankalpam';
import { AvailabilityPicker, type ChosenSlot } from './availability-picker';
import { BookingForm } from './booking-form';
import { priceLabel } from './seva-list';

function Header({ seva }: { seva: Seva }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: seva.imageUrl ? '1fr 2fr' : '1fr' }, alignItems: 'start' }}>
      {seva.imageUrl ? <Box component="img" src={seva.imageUrl} alt="" sx={{ width: '100%', borderRadius: 2, objectFit: 'cover', maxHeight: 260 }} /> : null}
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }}>
          {seva.name}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip label={categoryLabel(seva.category)} />
          <Chip variant="outlined" label={t('sevas.detail.minutes', { minutes: seva.durationMinutes })} />
          <Chip variant="outlined" color="primary" label={priceLabel(seva)} />
        </Box>
        {seva.description ? <Typography sx={{ whiteSpace: 'pre-line' }}>{seva.description}</Typography> : null}
      </Box>
    </Box>
  );
}

function Held({ booking, children }: { booking: SevaBooking; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity={booking.status === 'confirmed' ? 'success' : 'info'}>
        {t(booking.status === 'confirmed' ? 'sevas.held.booked' : 'sevas.held.held', {
          seva: booking.sevaName,
          date: formatLocalDate(booking.date),
          slot: booking.slotLabel,
          people: booking.participants.map(personLabel).join('; '),
        })}
        {booking.amountCents > 0 && booking.status === 'held' ? ` ${t('sevas.held.amount', { amount: formatCents(booking.amountCents) })}` : ''}
      </Alert>
      {children}
    </Box>
  );
}

/**
 * /sevas/:id: the seva, its calendar of real availability, and for a verified member the booking
 * form; once the slot is held, `payment` shows how to pay (composed by the route). `date` is the
 * page's `?date=YYYY-MM-DD`: the calendar opens on it, chosen, when it can be booked, and ignores it
 * quietly otherwise.
 */
export function SevaDetail({ id, date = null, payment }: { id: string; date?: string | null; payment: (booking: SevaBooking) => ReactNode }) {
  const { seva, error, isLoading, refresh } = useSeva(id);
  const { settings: site } = useSite();
  const { settings } = useSevaSettings();
  const { user } = useAuth();
  // The markup's instant while the server renders the page and the browser hydrates it.
  const now = useNow();
  const [chosen, setChosen] = useState<ChosenSlot | null>(null);
  const [booking, setBooking] = useState<SevaBooking | null>(null);
  if (isLoading) return <PageSpinner />;
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Alert severity="info" action={<Button component={RouterLink} to={paths.sevas.getHref()}>{t('sevas.detail.allSevas')}</Button>}>
        {t('sevas.detail.notAvailable')}
      </Alert>
    );
  }
  if (error || !seva) return <RetryAlert onRetry={() => void refresh()}>{t('sevas.detail.loadFailed')}</RetryAlert>;
  const today = todayIn(site?.timeZone || 'America/Los_Angeles', now);
  const initialDate = requestedDate(seva, date, today);

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Button component={RouterLink} to={paths.sevas.getHref()} startIcon={<ArrowBack />} sx={{ justifySelf: 'start', ml: -1 }}>
        {t('sevas.detail.allSevas')}
      </Button>
      <Header seva={seva} />
      {booking ? (
        <Held booking={booking}>{booking.status === 'held' ? payment(booking) : null}</Held>
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
              {t('sevas.detail.chooseDateTime')}
            </Typography>
            <AvailabilityPicker sevaId={seva.id} today={today} initialDate={initialDate} value={chosen} onChange={setChosen} />
          </Paper>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
            <Typography component="h2" variant="h6">
              {t('sevas.detail.yourBooking')}
            </Typography>
            {!user ? (
              <Alert
                severity="info"
                action={
                  <Button component={RouterLink} to={paths.signIn.getHref(paths.sevaDetail.getHref(seva.id, chosen?.date ?? initialDate))} color="inherit">
                    {t('sevas.detail.signIn')}
                  </Button>
                }
              >
                {t('sevas.detail.signInToBook')}
              </Alert>
            ) : !user.emailVerified ? (
              <EmailNotVerifiedAlert>{t('sevas.detail.verifyEmail')}</EmailNotVerifiedAlert>
            ) : (
              <BookingForm seva={seva} chosen={chosen} onBooked={setBooking} />
            )}
            {settings?.cancellationPolicy ? (
              <Typography variant="body2" color="text.secondary">
                {t.rich('sevas.detail.cancellationPolicy', {
                  b: (chunks) => <strong>{chunks}</strong>,
                  policy: settings.cancellationPolicy,
                  hours: seva.cutoffHours,
                })}
              </Typography>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('sevas.detail.cancelFromDashboard', { hours: seva.cutoffHours })}
              </Typography>
            )}
          </Paper>
        </Box>
      )}
    </Box>
  );
}
