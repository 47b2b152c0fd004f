import ArrowBack from '@mui/icons-material/ArrowBack';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { t } from '../i18n';
import { EventsCalendar } from './events-calendar';
import { EventsList } from './events-list';

type Props = {
  /** Staff actions next to the heading ('Create Event'). Shown only to accounts that may edit events. */
  adminActions?: ReactNode;
};

export function EventsPage({ adminActions }: Props) {
  const { can } = useAuth();
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Button component={RouterLink} to={paths.home.getHref()} startIcon={<ArrowBack />} sx={{ mb: 2, ml: -1 }}>
        {t('events.page.backHome')}
      </Button>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          justifyContent: 'space-between',
          alignItems: { md: 'flex-end' },
          gap: 2,
          mb: 4,
        }}
      >
        <Box>
          <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
            {t('events.page.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('events.page.subtitle')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button component="a" href="#calendar" variant="outlined" startIcon={<CalendarMonthOutlined />}>
            {t('events.page.viewCalendar')}
          </Button>
          {can('edit_content') ? adminActions : null}
        </Box>
      </Box>

      <EventsList />

      <Box component="section" id="calendar" aria-labelledby="calendar-heading" sx={{ mt: 8, scrollMarginTop: 88 }}>
        <Typography id="calendar-heading" component="h2" variant="h4" sx={{ mb: 3 }}>
          {t('events.page.calendarHeading')}
        </Typography>
        <EventsCalendar />
      </Box>
    </Container>
  );
}
