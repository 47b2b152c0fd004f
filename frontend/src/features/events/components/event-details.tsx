import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { UntilHydratedButton } from '@/components/ui/until-hydrated';
import { paths } from '@/config/paths';
import { formatLongDate, formatTime } from '@/lib/format';
import type { Event } from '@/types/api';
import { t } from '../i18n';
import { AddToCalendar } from './add-to-calendar';
import { EventImage } from './event-image';
import { MetaLine } from './event-card';

/** Native share when the browser has it, else copy the link and tell the user. */
export async function shareEvent(event: Pick<Event, 'id' | 'name' | 'description'>) {
  const url = `${window.location.origin}${paths.eventDetail.getHref(event.id)}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: event.name, text: event.description ?? event.name, url });
    } catch (err) {
      // The user closed the share sheet: nothing to do.
      if ((err as Error).name !== 'AbortError') console.error('Share failed', err);
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    window.alert(t('events.share.copied'));
  } catch (err) {
    console.error('Copy failed', err);
    window.prompt(t('events.share.prompt'), url);
  }
}

export function EventDetails({ event }: { event: Event }) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <EventImage src={event.imageUrl} alt={event.name} eager sizes="(min-width: 1200px) 780px, (min-width: 900px) 66vw, 100vw" />
      <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2 }}>
          <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
            {event.name}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
            <AddToCalendar event={event} />
            <UntilHydratedButton
              variant="outlined"
              startIcon={<ShareOutlined />}
              onClick={() => void shareEvent(event)}
              sx={{ flexShrink: 0 }}
            >
              {t('events.detail.share')}
            </UntilHydratedButton>
          </Box>
        </Box>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <MetaLine icon={<CalendarMonthOutlined />}>{formatLongDate(event.eventDate)}</MetaLine>
          <MetaLine icon={<AccessTimeOutlined />}>{formatTime(event.eventDate)}</MetaLine>
          <MetaLine icon={<LocationOnOutlined />}>{event.location}</MetaLine>
        </Box>
        {event.description ? (
          <Box>
            <Typography component="h2" variant="h6" gutterBottom>
              {t('events.detail.about')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line' }}>{event.description}</Typography>
          </Box>
        ) : null}
      </Box>
    </Paper>
  );
}
