import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { TithiText } from '@/components/ui/tithi-text';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { paths } from '@/config/paths';
import { formatDate, formatTime } from '@/lib/format';
import { useEvents } from '../api/get-events';
import { useMonthTithis, type DateTithi } from '../api/get-month-tithis';
import { useServiceOccurrences } from '../api/get-service-occurrences';
import { t } from '../i18n';
import { addMonths, dayKey, eventsByDay, monthGrid, monthLabel, monthOf, monthRange, occurrencesByDay, weekdayNames, type MonthRef } from '../lib/calendar';
import { useShowTithis } from '../lib/show-tithis';
import { useNow } from '@/lib/render-instant';

/**
 * The room a date's tithi takes under its number: three lines of small text on phones (a narrow
 * column wraps "Krishna / Chatur- / dashi"), one line on wider screens; the same while it loads,
 * so nothing moves when the names arrive.
 */
const TITHI_SX = {
  mt: 0.25,
  minHeight: { xs: '3.6em', md: '1.2em' },
  fontSize: { xs: '0.625rem', md: '0.75rem' },
  lineHeight: 1.2,
  color: 'text.secondary',
  // The names break between their words, then at their soft hyphens (TithiText); a column
  // narrower still wraps anywhere rather than spill into the next date.
  overflowWrap: 'anywhere',
} as const;

/** A date's tithi under its number, or its placeholder while the month's tithis load. */
function DateTithiLine({ tithi, loading }: { tithi: DateTithi | undefined; loading: boolean }) {
  if (loading) {
    return (
      <Box aria-hidden sx={TITHI_SX}>
        <Skeleton variant="text" sx={{ fontSize: 'inherit', width: '90%' }} />
      </Box>
    );
  }
  return (
    <Box sx={TITHI_SX}>
      {tithi ? (
        // Ekadashi, Pournami and Amavasya stand out: darker, and bold where the column is wide enough.
        <Box component="span" sx={tithi.marked ? { fontWeight: { xs: 500, md: 700 }, color: 'text.primary' } : undefined}>
          <TithiText name={tithi.name} />
        </Box>
      ) : null}
    </Box>
  );
}

/** Month calendar of the events, with previous/next month buttons and, when switched on, each date's tithi. */
export function EventsCalendar({ now: given }: { now?: Date }) {
  const renderNow = useNow();
  const now = given ?? renderNow;
  const { events } = useEvents();
  const [month, setMonth] = useState<MonthRef>(() => monthOf(now));
  const byDay = useMemo(() => eventsByDay(events ?? []), [events]);
  // Recurring services: their dates and times are computed by the server in the temple's zone.
  const range = monthRange(month);
  const { occurrences } = useServiceOccurrences(range.from, range.to);
  const servicesByDay = useMemo(() => occurrencesByDay(occurrences ?? []), [occurrences]);
  // The tithis, when the visitor has switched them on (remembered on the device).
  const [showTithis, setShowTithis] = useShowTithis();
  const tithis = useMonthTithis(range.from, range.to, showTithis);
  const monthServices = occurrences ?? [];
  const weeks = monthGrid(month);
  const today = dayKey(now);
  const prefix = `${month.year}-${String(month.month + 1).padStart(2, '0')}-`;
  const monthEvents = [...byDay.entries()].filter(([k]) => k.startsWith(prefix)).flatMap(([, list]) => list);
  const label = monthLabel(month);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
        <IconButton aria-label={t('events.calendar.previousMonth')} onClick={() => setMonth((m) => addMonths(m, -1))}>
          <ChevronLeft />
        </IconButton>
        <Typography component="h3" variant="h6" aria-live="polite" sx={{ textAlign: 'center' }}>
          {label}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Button size="small" onClick={() => setMonth(monthOf(now))} sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            {t('events.calendar.today')}
          </Button>
          <IconButton aria-label={t('events.calendar.nextMonth')} onClick={() => setMonth((m) => addMonths(m, 1))}>
            <ChevronRight />
          </IconButton>
        </Box>
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', columnGap: 1.5, mb: 1, mt: -1 }}>
        {tithis.isLoading ? (
          <LoadingRegion label={t('events.calendar.loadingTithis', { month: label })} sx={{ display: 'inline-flex' }}>
            <CircularProgress size={16} aria-hidden />
          </LoadingRegion>
        ) : null}
        <FormControlLabel
          control={<Switch size="small" checked={showTithis} onChange={(e) => setShowTithis(e.target.checked)} />}
          label={t('events.calendar.showTithis')}
          sx={{ mr: 0, '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } }}
        />
      </Box>
      {showTithis && tithis.error ? (
        <Box sx={{ mb: 1.5 }}>
          <RetryAlert onRetry={tithis.refresh}>{t('events.calendar.tithisError', { month: label })}</RetryAlert>
        </Box>
      ) : null}

      <Box
        component="table"
        sx={{
          width: '100%',
          tableLayout: 'fixed',
          borderCollapse: 'collapse',
          '& th': { fontSize: 12, fontWeight: 600, color: 'text.secondary', pb: 1 },
          '& td': {
            border: 1,
            borderColor: 'divider',
            verticalAlign: 'top',
            height: { xs: 52, md: 96 },
            p: 0.5,
          },
        }}
      >
        <caption style={visuallyHidden}>
          {t('events.calendar.caption', { month: label, withTithis: showTithis && tithis.tithis ? 'yes' : 'no' })}
        </caption>
        <thead>
          <tr>
            {weekdayNames().map(({ short, long }) => (
              <th key={long} scope="col">
                <abbr title={long} style={{ textDecoration: 'none' }}>
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={i}>
              {week.map((cell, j) => {
                if (!cell) return <Box component="td" key={j} sx={{ bgcolor: 'action.hover' }} />;
                const dayEvents = byDay.get(cell.key) ?? [];
                const dayServices = servicesByDay.get(cell.key) ?? [];
                const isToday = cell.key === today;
                return (
                  <td key={cell.key} aria-current={isToday ? 'date' : undefined}>
                    <Typography
                      component="div"
                      variant="caption"
                      sx={{
                        fontWeight: isToday ? 700 : 500,
                        width: 24,
                        height: 24,
                        display: 'grid',
                        placeItems: 'center',
                        borderRadius: '50%',
                        ...(isToday ? { bgcolor: 'primary.main', color: 'primary.contrastText' } : {}),
                      }}
                    >
                      {cell.day}
                    </Typography>
                    {showTithis && !tithis.error ? <DateTithiLine tithi={tithis.tithis?.get(cell.key)} loading={tithis.isLoading} /> : null}
                    {dayServices.length > 0 ? (
                      <Box sx={{ display: { xs: 'none', md: 'grid' }, gap: 0.5, mt: 0.5 }}>
                        {dayServices.map((o) => (
                          <Typography
                            key={`${o.serviceId}-${o.startsAt}`}
                            variant="caption"
                            title={`${o.name}, ${o.timeLabel}`}
                            sx={{
                              px: 0.75,
                              borderRadius: 1,
                              border: 1,
                              borderColor: 'divider',
                              color: 'text.secondary',
                              whiteSpace: 'nowrap',
                              overflow: 'hidden',
                              textOverflow: 'ellipsis',
                            }}
                          >
                            {o.timeLabel} {o.name}
                          </Typography>
                        ))}
                      </Box>
                    ) : null}
                    {dayEvents.length > 0 ? (
                      <>
                        <Box sx={{ display: { xs: 'flex', md: 'none' }, gap: 0.5, flexWrap: 'wrap', mt: 0.5 }} aria-hidden>
                          {dayEvents.map((e) => (
                            <Box key={e.id} sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main' }} />
                          ))}
                        </Box>
                        <Box sx={{ display: { xs: 'none', md: 'grid' }, gap: 0.5, mt: 0.5 }}>
                          {dayEvents.map((e) => (
                            <Link
                              key={e.id}
                              component={RouterLink}
                              to={paths.eventDetail.getHref(e.id)}
                              underline="hover"
                              title={`${e.name}, ${formatTime(e.eventDate)}`}
                              sx={{
                                fontSize: 12,
                                fontWeight: 600,
                                px: 0.75,
                                py: 0.25,
                                borderRadius: 1,
                                bgcolor: 'action.selected',
                                whiteSpace: 'nowrap',
                                overflow: 'hidden',
                                textOverflow: 'ellipsis',
                              }}
                            >
                              {formatTime(e.eventDate)} {e.name}
                            </Link>
                          ))}
                        </Box>
                      </>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>

      {monthServices.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' }, mt: 2 }}>
          {t('events.calendar.recurring', { names: [...new Set(monthServices.map((o) => o.name))].join(', ') })}
        </Typography>
      ) : null}
      <Box sx={{ display: { md: 'none' }, mt: 2 }}>
        {monthEvents.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('events.calendar.noEvents', { month: label })}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {monthEvents.map((e) => (
              <li key={e.id}>
                <Link component={RouterLink} to={paths.eventDetail.getHref(e.id)} underline="hover" sx={{ fontWeight: 600 }}>
                  {e.name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(e.eventDate)} · {formatTime(e.eventDate)}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </Box>
    </Paper>
  );
}
