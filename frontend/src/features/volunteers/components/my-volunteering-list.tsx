import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate, formatTime } from '@/lib/format';
import type { UserVolunteering } from '@/types/api';
import { useUserVolunteering } from '../api/volunteers';
import { t } from '../i18n';
import { volunteerPreferenceLabel } from '../labels';
import { LeaveVolunteerDialog } from './leave-volunteer-dialog';

/** Upcoming first (soonest first), then past ones (most recent first). */
export function sortVolunteering(list: readonly UserVolunteering[], now: number = Date.now()): UserVolunteering[] {
  const time = (v: UserVolunteering) => new Date(v.event.eventDate).getTime();
  const upcoming = list.filter((v) => time(v) > now).sort((a, b) => time(a) - time(b));
  const past = list.filter((v) => time(v) <= now).sort((a, b) => time(b) - time(a));
  return [...upcoming, ...past];
}

/** Dashboard tab 'My Volunteering': the member's volunteer records, each upcoming one with 'Leave as Volunteer'. */
export function MyVolunteeringList({ userId }: { userId: string }) {
  const { volunteering, isLoading, error } = useUserVolunteering(userId);
  const [leaving, setLeaving] = useState<UserVolunteering | null>(null);
  const [now] = useState(() => Date.now());
  if (isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('volunteers.list.loading')} />
      </Box>
    );
  }
  if (error) return <Alert severity="error">{t('volunteers.list.loadError')}</Alert>;
  const list = sortVolunteering(volunteering ?? [], now);
  if (list.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 6 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('volunteers.list.none')}
        </Typography>
        <Button component={RouterLink} to={paths.events.getHref()} variant="contained">
          {t('volunteers.list.findEvents')}
        </Button>
      </Box>
    );
  }
  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {list.map((item) => {
          const { event, volunteer } = item;
          const upcoming = new Date(event.eventDate).getTime() > now;
          return (
            <Card component="li" variant="outlined" key={volunteer.id}>
              <CardContent
                sx={{
                  display: 'flex',
                  flexDirection: { xs: 'column', sm: 'row' },
                  gap: 2,
                  justifyContent: 'space-between',
                  alignItems: { sm: 'center' },
                }}
              >
                <Box sx={{ display: 'grid', gap: 0.5 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography component="h3" variant="h6">
                      {event.name}
                    </Typography>
                    <Chip size="small" color={upcoming ? 'success' : 'default'} label={upcoming ? t('volunteers.list.volunteering') : t('volunteers.list.pastEvent')} />
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {formatDate(event.eventDate)} · {formatTime(event.eventDate)} · {event.location}
                  </Typography>
                  <Typography variant="body2">{t('volunteers.list.role', { role: volunteerPreferenceLabel(volunteer.volunteerPreference) })}</Typography>
                </Box>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', flexShrink: 0 }}>
                  <Button
                    component={RouterLink}
                    to={paths.eventDetail.getHref(event.id)}
                    variant="outlined"
                    aria-label={t('volunteers.list.viewEventOf', { name: event.name })}
                  >
                    {t('volunteers.list.viewEvent')}
                  </Button>
                  {upcoming ? (
                    <Button color="error" onClick={() => setLeaving(item)} aria-label={t('volunteers.leaveOf', { name: event.name })}>
                      {t('volunteers.leave')}
                    </Button>
                  ) : null}
                </Box>
              </CardContent>
            </Card>
          );
        })}
      </Box>
      {leaving ? (
        <LeaveVolunteerDialog open onClose={() => setLeaving(null)} event={leaving.event} volunteer={leaving.volunteer} />
      ) : null}
    </>
  );
}
