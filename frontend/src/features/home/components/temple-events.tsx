import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import NightlightOutlined from '@mui/icons-material/NightlightOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { useMemo } from 'react';
import { lunarEclipse, TEMPLE_TZ, upcomingRecurring } from '../lib/recurring-events';
import { Section } from './section';

function nextLabel(d: Date): string {
  return format(new TZDate(d.getTime(), TEMPLE_TZ), 'EEE, MMM d · h:mm a');
}

export function TempleEvents({ now }: { now?: Date }) {
  const list = useMemo(() => upcomingRecurring(now ?? new Date()), [now]);
  return (
    <Section id="temple-events" title="Temple Events" subtitle="Daily and recurring worship at the temple" tinted>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}>
        <Card variant="outlined">
          <CardContent>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, color: 'primary.main' }}>
              <EventRepeatOutlined />
              <Typography component="h3" variant="h6" sx={{ color: 'text.primary' }}>
                Daily &amp; Recurring Events
              </Typography>
            </Box>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {list.map((ev, i) => (
                <Box component="li" key={ev.name}>
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
                      label={
                        <>
                          Next: <time dateTime={ev.next.toISOString()}>{nextLabel(ev.next)}</time>
                        </>
                      }
                      sx={{ alignSelf: 'center' }}
                    />
                  </Box>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>

        <Card variant="outlined">
          <CardContent>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'primary.main' }}>
              <NightlightOutlined />
              <Typography component="h3" variant="h6" sx={{ color: 'text.primary' }}>
                Special Events
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 600 }}>
              {lunarEclipse.title} — {lunarEclipse.dates}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              Timings in Pacific Time
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.75, columnGap: 2 }}>
              {lunarEclipse.timings.map((t) => (
                <Box key={t.label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {t.label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
                    {t.time}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Typography variant="body2" sx={{ mt: 2 }}>
              {lunarEclipse.note}
            </Typography>
          </CardContent>
        </Card>
      </Box>
    </Section>
  );
}
