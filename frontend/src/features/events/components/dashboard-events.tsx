import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CheckCircle from '@mui/icons-material/CheckCircle';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import QrCode2 from '@mui/icons-material/QrCode2';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate, formatTime } from '@/lib/format';
import type { UserEvent } from '@/types/api';
import { useEvents } from '../api/get-events';
import { useUserEvents, type UserEventWithCode } from '../api/get-user-events';
import { t } from '../i18n';
import { upcomingEvents } from '../lib/event-utils';
import { EventImage } from './event-image';
import { MetaLine } from './event-card';

// The check-in code's dialog loads with its first opening.
const CheckInCodeDialog = lazy(() => import('./check-in-code-dialog'));

/** The door reads a registration's code from 12 hours before its event's start on (a late arrival still has it). */
const CODE_AFTER_START_MS = 12 * 60 * 60 * 1000;

/** Whether a registration offers its check-in code: it has one and its event is to come (or started within 12 hours). */
export function offersCheckInCode(item: UserEventWithCode, now: number = Date.now()): boolean {
  return Boolean(item.attendee.confirmationCode) && new Date(item.event.eventDate).getTime() + CODE_AFTER_START_MS > now;
}

/** "Check-in code": opens the registration's QR code and confirmation code, to show at the door. */
function CheckInCodeButton({ item }: { item: UserEventWithCode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<QrCode2 />} onClick={() => setOpen(true)} aria-label={t('events.checkIn.of', { name: item.event.name })}>
        {t('events.checkIn.title')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <CheckInCodeDialog item={item} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Upcoming registrations first (soonest first), then past ones (most recent first). */
export function sortUserEvents<T extends UserEvent>(list: readonly T[], now: number = Date.now()): T[] {
  const time = (u: T) => new Date(u.event.eventDate).getTime();
  const upcoming = list.filter((u) => time(u) > now).sort((a, b) => time(a) - time(b));
  const past = list.filter((u) => time(u) <= now).sort((a, b) => time(b) - time(a));
  return [...upcoming, ...past];
}

export function familyLabel(n: number): string | null {
  return n > 0 ? t('events.party', { count: n }) : null;
}

function PreviewCard({ title, children, loading }: { title: string; children: ReactNode; loading: boolean }) {
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {loading ? (
          <Box aria-busy="true">
            <Skeleton width="80%" />
            <Skeleton width="60%" />
            <Skeleton width="70%" />
          </Box>
        ) : (
          children
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={RouterLink} to={paths.events.getHref()} size="small">
          {t('events.dashboard.viewAll')}
        </Button>
      </CardActions>
    </Card>
  );
}

function PreviewItem({ id, name, date, divided }: { id: string; name: string; date: string; divided: boolean }) {
  return (
    <Box component="li" sx={{ py: 1, borderTop: divided ? 1 : 0, borderColor: 'divider' }}>
      <Link component={RouterLink} to={paths.eventDetail.getHref(id)} underline="hover" sx={{ fontWeight: 600 }}>
        {name}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {formatDate(date)} · {formatTime(date)}
      </Typography>
    </Box>
  );
}

/** Dashboard card: the first 2 future events. */
export function UpcomingEventsPreview() {
  const { events, isLoading, error } = useEvents();
  const upcoming = useMemo(() => upcomingEvents(events ?? []).slice(0, 2), [events]);
  return (
    <PreviewCard title={t('events.dashboard.upcomingTitle')} loading={isLoading}>
      {error ? (
        <Typography color="text.secondary">{t('events.dashboard.upcomingError')}</Typography>
      ) : upcoming.length === 0 ? (
        <Typography color="text.secondary">{t('events.dashboard.upcomingNone')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {upcoming.map((e, i) => (
            <PreviewItem key={e.id} id={e.id} name={e.name} date={e.eventDate} divided={i > 0} />
          ))}
        </Box>
      )}
    </PreviewCard>
  );
}

/** Dashboard card: the first 2 of the member's registrations. */
export function MyRegistrationsPreview({ userId }: { userId: string }) {
  const { userEvents, isLoading, error } = useUserEvents(userId);
  const first = useMemo(() => sortUserEvents(userEvents ?? []).slice(0, 2), [userEvents]);
  return (
    <PreviewCard title={t('events.dashboard.myRegistrations')} loading={isLoading}>
      {error ? (
        <Typography color="text.secondary">{t('events.dashboard.registrationsError')}</Typography>
      ) : first.length === 0 ? (
        <Typography color="text.secondary">{t('events.dashboard.registrationsNone')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {first.map(({ event }, i) => (
            <PreviewItem key={event.id} id={event.id} name={event.name} date={event.eventDate} divided={i > 0} />
          ))}
        </Box>
      )}
    </PreviewCard>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

function EmptyState({ text, action, to }: { text: string; action: string; to: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {text}
      </Typography>
      <Button component={RouterLink} to={to} variant="contained">
        {action}
      </Button>
    </Box>
  );
}

/** Tab 'Upcoming Events': every future event. */
export function UpcomingEventsGrid() {
  const { events, isLoading, error } = useEvents();
  const upcoming = useMemo(() => upcomingEvents(events ?? []), [events]);
  if (isLoading) return <Loading label={t('events.dashboard.loadingUpcoming')} />;
  if (error) return <Alert severity="error">{t('events.loadError')}</Alert>;
  if (upcoming.length === 0) {
    return <EmptyState text={t('events.dashboard.noUpcoming')} action={t('events.dashboard.browseAll')} to={paths.events.getHref()} />;
  }
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {upcoming.map((event) => (
        <Box component="li" key={event.id}>
          <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
            <EventImage src={event.imageUrl} alt={event.name} />
            <CardContent sx={{ display: 'grid', gap: 0.75, flexGrow: 1, alignContent: 'start' }}>
              <Typography component="h3" variant="h6">
                {event.name}
              </Typography>
              <MetaLine icon={<CalendarMonthOutlined />}>{formatDate(event.eventDate)}</MetaLine>
              <MetaLine icon={<AccessTimeOutlined />}>{formatTime(event.eventDate)}</MetaLine>
              <MetaLine icon={<LocationOnOutlined />}>{event.location}</MetaLine>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button
                component={RouterLink}
                to={paths.eventDetail.getHref(event.id)}
                variant="outlined"
                fullWidth
                aria-label={t('events.viewDetailsOf', { name: event.name })}
              >
                {t('events.viewDetails')}
              </Button>
            </CardActions>
          </Card>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Tab 'My Registrations': every registration of the member. `renderActions` adds buttons to a
 * registration (composed by the page, e.g. 'Cancel Registration').
 */
export function MyRegistrationsList({ userId, renderActions }: { userId: string; renderActions?: (item: UserEvent) => ReactNode }) {
  const { userEvents, isLoading, error } = useUserEvents(userId);
  const list = useMemo(() => sortUserEvents(userEvents ?? []), [userEvents]);
  if (isLoading) return <Loading label={t('events.dashboard.loadingRegistrations')} />;
  if (error) return <Alert severity="error">{t('events.dashboard.registrationsLoadError')}</Alert>;
  if (list.length === 0) {
    return <EmptyState text={t('events.dashboard.noRegistrations')} action={t('events.dashboard.findEvents')} to={paths.events.getHref()} />;
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {list.map((item) => {
        const { event, attendee } = item;
        const family = familyLabel(attendee.numberOfFamilyMembers);
        return (
          <Card component="li" variant="outlined" key={attendee.id}>
            <CardContent
              sx={{
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row' },
                gap: 2,
                justifyContent: 'space-between',
                alignItems: { sm: 'center' },
              }}
            >
              <Box sx={{ display: 'grid', gap: 0.75 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography component="h3" variant="h6">
                    {event.name}
                  </Typography>
                  <Chip size="small" color="success" icon={<CheckCircle />} label={t('events.dashboard.registered')} />
                </Box>
                <MetaLine icon={<CalendarMonthOutlined />}>{formatDate(event.eventDate)}</MetaLine>
                <MetaLine icon={<AccessTimeOutlined />}>{formatTime(event.eventDate)}</MetaLine>
                <MetaLine icon={<LocationOnOutlined />}>{event.location}</MetaLine>
                {family ? (
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {family}
                  </Typography>
                ) : null}
              </Box>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', flexShrink: 0 }}>
                <Button
                  component={RouterLink}
                  to={paths.eventDetail.getHref(event.id)}
                  variant="outlined"
                  aria-label={t('events.dashboard.viewEventOf', { name: event.name })}
                >
                  {t('events.dashboard.viewEvent')}
                </Button>
                {offersCheckInCode(item) ? <CheckInCodeButton item={item} /> : null}
                {renderActions?.(item)}
              </Box>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}
