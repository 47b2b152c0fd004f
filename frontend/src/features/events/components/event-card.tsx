import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate, formatTime } from '@/lib/format';
import type { Event } from '@/types/api';
import { t } from '../i18n';
import { spotsLeftLabel } from '../lib/event-utils';
import { EventImage } from './event-image';

export function MetaLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, '& svg': { fontSize: 18, flexShrink: 0 } }}
    >
      {icon}
      <span>{children}</span>
    </Typography>
  );
}

type Props = {
  event: Event;
  showDescription?: boolean;
  showAttendance?: boolean;
  /** Extra badge (e.g. 'Registered'). */
  badge?: ReactNode;
  headingLevel?: 'h2' | 'h3';
};

export function EventCard({ event, showDescription = true, showAttendance = true, badge, headingLevel = 'h3' }: Props) {
  const spots = spotsLeftLabel(event.spotsLeft);
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <EventImage src={event.imageUrl} alt={event.name}>
        {badge ? <Box sx={{ position: 'absolute', top: 12, left: 12 }}>{badge}</Box> : null}
      </EventImage>
      <CardContent sx={{ flexGrow: 1, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Typography component={headingLevel} variant="h6" sx={{ lineHeight: 1.3 }}>
          {event.name}
        </Typography>
        <MetaLine icon={<LocationOnOutlined />}>{event.location}</MetaLine>
        {showDescription && event.description ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {event.description}
          </Typography>
        ) : null}
        <MetaLine icon={<CalendarMonthOutlined />}>{formatDate(event.eventDate)}</MetaLine>
        <MetaLine icon={<AccessTimeOutlined />}>{formatTime(event.eventDate)}</MetaLine>
        {showAttendance ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
            <Chip size="small" variant="outlined" icon={<GroupOutlined />} label={t('events.attending', { count: event.attendeeCount })} />
            {spots ? (
              <Chip
                size="small"
                color={event.spotsLeft === 0 ? 'error' : 'success'}
                variant="outlined"
                label={spots}
              />
            ) : null}
          </Box>
        ) : null}
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
  );
}
