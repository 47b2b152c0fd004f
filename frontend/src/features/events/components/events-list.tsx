import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { paths } from '@/config/paths';
import { useEvents } from '../api/get-events';
import { t } from '../i18n';
import { searchEvents, sortEvents, sortOptions, upcomingEvents, type EventSort } from '../lib/event-utils';
import { EventCard } from './event-card';
import { useNow } from '@/lib/render-instant';

type Props = {
  /** Show only the first N events, followed by 'View All Events' when more exist. */
  limit?: number;
  /** Show the search box and the sort dropdown (default true). */
  showFilters?: boolean;
};

export const eventGridSx = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

export function EventsList({ limit, showFilters = true }: Props) {
  const { events, error, isLoading } = useEvents();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<EventSort>('date-asc');
  const [showPast, setShowPast] = useState(false);
  // Which events are still to come depends on the clock: as of the markup's instant until hydrated.
  const now = useNow();

  const pool = showPast ? (events ?? []) : upcomingEvents(events ?? [], now);
  const visible = sortEvents(searchEvents(pool, query), sort);
  const shown = limit ? visible.slice(0, limit) : visible;
  const hasMore = limit !== undefined && visible.length > limit;

  return (
    <Box>
      {showFilters ? (
        <Box
          role="search"
          sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, mb: 3 }}
        >
          <TextField
            type="search"
            placeholder={t('events.list.searchPlaceholder')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{
              htmlInput: { 'aria-label': t('events.list.searchLabel') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            select
            label={t('events.list.sortBy')}
            value={sort}
            onChange={(e) => setSort(e.target.value as EventSort)}
            size="small"
            sx={{ minWidth: 220 }}
            id="events-sort"
            slotProps={{ select: { native: true } }}
          >
            {sortOptions().map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={showPast} onChange={(e) => setShowPast(e.target.checked)} />}
            label={t('events.list.showPast')}
            sx={{ mr: 0, whiteSpace: 'nowrap' }}
          />
        </Box>
      ) : null}

      {isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={t('events.list.loading')} />
        </Box>
      ) : error ? (
        <Alert severity="error">{t('events.loadError')}</Alert>
      ) : shown.length === 0 ? (
        <Box sx={{ textAlign: 'center', py: 8 }}>
          <Typography component="h2" variant="h6" gutterBottom>
            {t('events.list.noneTitle')}
          </Typography>
          <Typography color="text.secondary">
            {query.trim() ? t('events.list.adjustSearch') : t('events.list.checkBack')}
          </Typography>
        </Box>
      ) : (
        <>
          <Typography
            role="status"
            variant="body2"
            color="text.secondary"
            sx={visuallyHidden}
          >
            {t('events.list.found', { count: visible.length })}
          </Typography>
          <Box component="ul" sx={{ ...eventGridSx, listStyle: 'none', p: 0, m: 0 }}>
            {shown.map((event) => (
              <Box component="li" key={event.id}>
                <EventCard event={event} headingLevel="h2" />
              </Box>
            ))}
          </Box>
          {hasMore ? (
            <Box sx={{ textAlign: 'center', mt: 4 }}>
              <Button component={RouterLink} to={paths.events.getHref()} variant="contained">
                {t('events.viewAll')}
              </Button>
            </Box>
          ) : null}
        </>
      )}
    </Box>
  );
}
