import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { formatBadge, formatTime } from '@/lib/format';
import type { Event } from '@/types/api';
import { useEvents } from '../api/get-events';
import { t } from '../i18n';
import { recentEvents } from '../lib/event-utils';
import { EventImage } from './event-image';
import { MetaLine } from './event-card';
import { LoadingRegion } from '@/components/ui/loading-region';
import { useNow } from '@/lib/render-instant';

/**
 * Cards per view: 1, 2 at medium widths, 3 at large widths. The first render shows one, as the
 * server's render does (it has no screen), so hydration matches; the width applies right after.
 */
function usePerView(): number {
  const theme = useTheme();
  const md = useMediaQuery(theme.breakpoints.up('md'));
  const lg = useMediaQuery(theme.breakpoints.up('lg'));
  return lg ? 3 : md ? 2 : 1;
}

/** Next start index of a looping carousel with `count` slides and `perView` visible. */
export function stepIndex(index: number, delta: number, count: number, perView: number): number {
  const positions = Math.max(count - perView + 1, 1);
  return (((index + delta) % positions) + positions) % positions;
}

function RecentEventCard({ event }: { event: Event }) {
  const badge = formatBadge(event.eventDate);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={paths.eventDetail.getHref(event.id)} sx={{ height: '100%', alignItems: 'stretch' }}>
        <EventImage src={event.imageUrl} alt={event.name}>
          <Box
            sx={{
              position: 'absolute',
              top: 12,
              left: 12,
              bgcolor: 'background.paper',
              color: 'text.primary',
              borderRadius: 2,
              px: 1.25,
              py: 0.5,
              textAlign: 'center',
              boxShadow: 2,
              lineHeight: 1.1,
            }}
          >
            <Typography component="span" sx={{ display: 'block', fontSize: 12, fontWeight: 700, color: 'primary.main', textTransform: 'uppercase' }}>
              {badge.month}
            </Typography>
            <Typography component="span" sx={{ display: 'block', fontSize: 20, fontWeight: 800 }}>
              {badge.day}
            </Typography>
          </Box>
        </EventImage>
        <CardContent sx={{ display: 'grid', gap: 0.75 }}>
          <Typography component="h3" variant="h6" sx={{ lineHeight: 1.3 }}>
            {event.name}
          </Typography>
          <MetaLine icon={<LocationOnOutlined />}>{event.location}</MetaLine>
          <MetaLine icon={<AccessTimeOutlined />}>{formatTime(event.eventDate)}</MetaLine>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

type Props = { title?: string; subtitle?: string };

/** 'Recent Events': a looping carousel of the 6 newest events. Renders nothing when there are none. */
export function RecentEventsCarousel({ title = t('events.recent.title'), subtitle = t('events.recent.subtitle') }: Props) {
  const { events, isLoading } = useEvents();
  const perView = usePerView();
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<number | null>(null);
  // Which events are recent depends on the clock: as of the markup's instant until hydrated.
  const list = recentEvents(events ?? [], 6, useNow());

  if (!isLoading && list.length === 0) return null;

  const positions = Math.max(list.length - perView + 1, 1);
  const current = Math.min(index, positions - 1);
  const canScroll = list.length > perView;
  const go = (delta: number) => setIndex(stepIndex(current, delta, list.length, perView));

  return (
    <Box component="section" aria-labelledby="recent-events-heading" sx={{ py: { xs: 6, md: 9 } }}>
      <Container>
        <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, mb: 4, flexWrap: 'wrap' }}>
          <Box>
            <Typography id="recent-events-heading" component="h2" variant="h4" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
              {title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, fontSize: '1.1rem' }}>
              {subtitle}
            </Typography>
          </Box>
          {canScroll ? (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <IconButton aria-label={t('events.recent.previous')} onClick={() => go(-1)} sx={{ border: 1, borderColor: 'divider' }}>
                <ChevronLeft />
              </IconButton>
              <IconButton aria-label={t('events.recent.next')} onClick={() => go(1)} sx={{ border: 1, borderColor: 'divider' }}>
                <ChevronRight />
              </IconButton>
            </Box>
          ) : null}
        </Box>

        {isLoading ? (
          <LoadingRegion
            data-testid="recent-events-loading"
            label={t('events.recent.loading')}
            sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' } }}
          >
            {[0, 1, 2].map((i) => (
              <Card key={i} variant="outlined" sx={{ display: i === 0 ? 'block' : { xs: 'none', md: i === 1 ? 'block' : 'none', lg: 'block' } }}>
                <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
                <CardContent>
                  <Skeleton width="70%" height={32} />
                  <Skeleton width="50%" />
                  <Skeleton width="40%" />
                </CardContent>
              </Card>
            ))}
          </LoadingRegion>
        ) : (
          <Box
            role="region"
            aria-roledescription={t('events.recent.carousel')}
            // Named apart from the section around it (its heading), so the two landmarks differ.
            aria-label={t('events.recent.carouselLabel', { title })}
            sx={{ overflow: 'hidden', mx: -1.5, touchAction: 'pan-y' }}
            onPointerDown={(e) => {
              swipeStart.current = e.clientX;
            }}
            onPointerUp={(e) => {
              if (swipeStart.current === null) return;
              const dx = e.clientX - swipeStart.current;
              swipeStart.current = null;
              if (canScroll && Math.abs(dx) > 50) go(dx < 0 ? 1 : -1);
            }}
          >
            {/* Slides are groups (WAI carousel pattern), so the track is a plain div, not a list. */}
            <Box
              aria-live="polite"
              sx={{
                display: 'flex',
                transition: 'transform 0.4s ease',
                '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
              }}
              style={{ transform: `translateX(-${(current * 100) / perView}%)` }}
            >
              {list.map((event, i) => {
                const visible = i >= current && i < current + perView;
                return (
                  <Box
                    key={event.id}
                    role="group"
                    aria-roledescription={t('events.recent.slideRole')}
                    aria-label={t('events.recent.slide', { index: i + 1, total: list.length })}
                    aria-hidden={!visible}
                    inert={!visible}
                    sx={{ flex: `0 0 ${100 / perView}%`, minWidth: 0, px: 1.5 }}
                  >
                    <RecentEventCard event={event} />
                  </Box>
                );
              })}
            </Box>
          </Box>
        )}

        {!isLoading && canScroll ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', gap: 0.5, mt: 3 }}>
            {Array.from({ length: positions }, (_, i) => (
              <IconButton
                key={i}
                size="small"
                aria-label={t('events.recent.goTo', { index: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => setIndex(i)}
                sx={{ p: 1 }}
              >
                <Box
                  sx={{
                    width: i === current ? 22 : 10,
                    height: 10,
                    borderRadius: 5,
                    bgcolor: i === current ? 'primary.main' : 'text.disabled',
                    transition: 'width 0.2s',
                  }}
                />
              </IconButton>
            ))}
          </Box>
        ) : null}

        <Box sx={{ textAlign: 'center', mt: 4 }}>
          <Button component={RouterLink} to={paths.events.getHref()} variant="outlined" size="large">
            {t('events.viewAll')}
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
