import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { RecurringService } from '@/types/api';
import { useServices } from '../api/get-services';
import { t } from '../i18n';
import { occurrenceLabel } from '../lib/occurrence';
import { Section } from './section';

type Scheduled = RecurringService & { nextOccurrence: NonNullable<RecurringService['nextOccurrence']> };

/**
 * The temple's recurring services with their next date and time, both computed by the server in the
 * temple's zone. Special events (festival dates, eclipse closings) are notices at the top of the
 * page, with their own dates; nothing is shown here when no service is scheduled.
 */
export function TempleEvents() {
  const { services } = useServices();
  const list = (services ?? []).filter((s): s is Scheduled => s.nextOccurrence !== null);
  if (list.length === 0) return null;
  return (
    <Section id="temple-events" title={t('home.events.title')} subtitle={t('home.events.subtitle')} tinted>
      <Box
        sx={{ display: 'grid', gap: 3, alignItems: 'start' }}
      >
        <Card variant="outlined">
          <CardContent>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, color: 'primary.main' }}>
              <EventRepeatOutlined />
              <Typography component="h3" variant="h6" sx={{ color: 'text.primary' }}>
                {t('home.events.heading')}
              </Typography>
            </Box>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {list.map((ev, i) => (
                <Box component="li" key={ev.id}>
                  {i > 0 ? <Divider sx={{ my: 1.5 }} /> : null}
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
                    <Box>
                      <Typography sx={{ fontWeight: 600 }}>{ev.name}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {ev.schedule}
                      </Typography>
                    </Box>
                    <Chip
                      size="small"
                      variant="outlined"
                      color="primary"
                      label={t.rich('home.events.next', {
                        when: <time dateTime={ev.nextOccurrence.startsAt}>{occurrenceLabel(ev.nextOccurrence)}</time>,
                      })}
                      sx={{ alignSelf: 'center' }}
                    />
                  </Box>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>

      </Box>
    </Section>
  );
}
