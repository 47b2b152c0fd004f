import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { eventStaffPermissions, useAuth } from '@/lib/auth';
import type { Event } from '@/types/api';
import { useEvent } from '../api/get-event';
import { t } from '../i18n';
import { EventDetails } from './event-details';
import { LoadingRegion } from '@/components/ui/loading-region';

type Props = {
  eventId: string;
  /** The side panel (usually <EventRegistrationPanel/> wired to dialogs). */
  panel: (event: Event) => ReactNode;
  /**
   * Staff tools under the details (edit/delete, attendees, volunteers, check-in), shown to accounts
   * holding any permission for an event's work; the tools show what each permission allows.
   */
  adminSlot?: (event: Event) => ReactNode;
  /** More of the event, for everyone, under the details and the panel (the volunteer shifts); may render nothing. */
  more?: (event: Event) => ReactNode;
};

function BackToEvents() {
  return (
    <Button component={RouterLink} to={paths.events.getHref()} startIcon={<ArrowBack />} sx={{ mb: 2, ml: -1 }}>
      {t('events.detail.back')}
    </Button>
  );
}

export function EventDetailPage({ eventId, panel, adminSlot, more }: Props) {
  const { event, error, isLoading } = useEvent(eventId);
  const { can } = useAuth();
  const staffTools = eventStaffPermissions.some(can);

  if (isLoading) {
    return (
      <Container sx={{ py: { xs: 3, md: 5 } }}>
        <BackToEvents />
        <LoadingRegion label={t('events.detail.loading')} sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '2fr 1fr' } }}>
          <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
          <Skeleton variant="rounded" height={260} />
        </LoadingRegion>
      </Container>
    );
  }

  const notFound = (error instanceof ApiError && (error.status === 404 || error.status === 400)) || (!error && !event);
  if (notFound) {
    return (
      <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
        <Typography component="h1" variant="h4" gutterBottom>
          {t('events.detail.notFound')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('events.detail.notFoundText')}
        </Typography>
        <Button component={RouterLink} to={paths.events.getHref()} variant="contained">
          {t('events.detail.back')}
        </Button>
      </Container>
    );
  }

  if (error || !event) {
    return (
      <Container sx={{ py: { xs: 3, md: 5 } }}>
        <BackToEvents />
        <Alert severity="error">{t('events.detail.loadError')}</Alert>
      </Container>
    );
  }

  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <BackToEvents />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: 'minmax(0, 2fr) minmax(280px, 1fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 3 }}>
          <EventDetails event={event} />
          {staffTools && adminSlot ? adminSlot(event) : null}
        </Box>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>{panel(event)}</Box>
      </Box>
      {more ? <Box sx={{ mt: 3, '&:empty': { display: 'none' } }}>{more(event)}</Box> : null}
    </Container>
  );
}
