import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { TithiText } from '@/components/ui/tithi-text';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useNow } from '@/lib/render-instant';
import { useSite } from '@/lib/site';
import type { Festival, PanchangamDay } from '@/types/api';
import { FESTIVAL_CALENDAR_FILE, FESTIVAL_CALENDAR_PATH } from '../api/festival-calendar';
import { useFestivals } from '../api/get-festivals';
import { usePanchangamDays } from '../api/get-panchangam';
import { t } from '../i18n';
import {
  MARKS,
  dayOfMonth,
  festivalsByDay,
  lunarMonthsOf,
  markMeaning,
  markName,
  marksOf,
  monthName,
  monthRange,
  monthTitle,
  parseMonth,
  shiftMonth,
  templeToday,
  weekdayOf,
  weekdayShort,
} from '../lib/month';
import { nakshatraText, tithiText, tithiWord } from '../lib/names';
import { DayDetails } from './day-details';
import { MarkIcon } from './mark-icon';

/** The width from which the days are a seven-column calendar; below it, a list (MUI's `sm`). */
const GRID_FROM = '(min-width: 600px)';
const COLUMNS = { xs: '1fr', sm: 'repeat(7, minmax(0, 1fr))' } as const;

/** The words a screen reader alone reads (the month buttons' "Previous month, "). */
const hidden = (chunks: ReactNode[]) => (
  <Box component="span" sx={visuallyHidden}>
    {chunks}
  </Box>
);

/** The festivals of a day without any (or while they load). */
const NO_FESTIVALS: readonly Festival[] = [];

/** What a screen reader says of a day's button: its date and what the day shows. */
function dayName(day: PanchangamDay, isToday: boolean, festivals: readonly Festival[]): string {
  const date = isToday ? t('panchangam.day.today', { date: dayOfMonth(day.date) }) : dayOfMonth(day.date);
  const tithi = day.tithi.kshaya
    ? t('panchangam.day.withKshaya', { tithi: tithiText(day.tithi), kshaya: tithiText(day.tithi.kshaya) })
    : tithiText(day.tithi);
  const nakshatra = nakshatraText(day.nakshatra);
  if (!festivals.length) return t('panchangam.day.label', { date, tithi, nakshatra });
  const names = festivals.map((f) => f.name).join(', ');
  return t('panchangam.day.labelFestivals', { date, tithi, nakshatra, count: festivals.length, festivals: names });
}

type DayButtonProps = {
  day: PanchangamDay;
  festivals: readonly Festival[];
  isToday: boolean;
  selected: boolean;
  tabbable: boolean;
  onSelect: () => void;
};

function DayButton({ day, festivals, isToday, selected, tabbable, onSelect }: DayButtonProps) {
  const marks = marksOf(day);
  const weekday = weekdayShort(weekdayOf(day.date));
  const quiet = selected ? 'inherit' : 'text.secondary';
  return (
    <ButtonBase
      data-date={day.date}
      tabIndex={tabbable ? 0 : -1}
      aria-pressed={selected}
      aria-current={isToday ? 'date' : undefined}
      onClick={onSelect}
      sx={(theme) => ({
        width: '100%',
        // A row of the calendar is as tall as its tallest day; on phones the chosen day's details
        // open under it in its list item, so the button keeps its own height there.
        height: { xs: 'auto', sm: '100%' },
        display: 'grid',
        gridTemplateColumns: { xs: '4.25rem minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) auto' },
        gridTemplateAreas: { xs: '"date names marks"', sm: '"date marks" "names names"' },
        alignContent: 'start',
        alignItems: 'start',
        justifyItems: 'start',
        columnGap: 1,
        rowGap: 0.25,
        minHeight: { xs: 60, sm: 112 },
        p: { xs: 1.25, sm: 1 },
        textAlign: 'left',
        borderRadius: 1.5,
        border: isToday ? 2 : 1,
        borderColor: isToday || selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'primary.main' : marks.length ? '#fff4e0' : 'background.paper',
        color: selected ? 'primary.contrastText' : 'text.primary',
        ...(selected || !marks.length ? {} : theme.applyStyles('dark', { bgcolor: 'rgba(252, 211, 77, 0.12)' })),
        '&:hover': { borderColor: 'primary.main' },
        '&.Mui-focusVisible': { outline: '3px solid', outlineColor: theme.vars?.palette.primary.main, outlineOffset: 2 },
        // The marks keep their shapes on the selected day's colour.
        ...(selected ? { '& .MuiSvgIcon-root': { color: 'inherit' } } : {}),
      })}
    >
      <Box component="span" sx={visuallyHidden}>
        {dayName(day, isToday, festivals)}
      </Box>
      <Box component="span" aria-hidden sx={{ gridArea: 'date', display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'baseline' }, columnGap: 0.75 }}>
        <Typography component="span" variant="caption" sx={{ display: { sm: 'none' }, color: quiet, lineHeight: 1.2 }}>
          {weekday}
        </Typography>
        <Typography component="span" sx={{ fontWeight: 700, fontSize: { xs: '1.25rem', sm: '1rem' }, lineHeight: 1.2 }}>
          {Number(day.date.slice(8))}
        </Typography>
        {isToday ? (
          <Typography component="span" variant="caption" sx={{ fontWeight: 700, color: selected ? 'inherit' : 'primary.main', lineHeight: 1.2 }}>
            {t('panchangam.today')}
          </Typography>
        ) : null}
      </Box>
      <Box component="span" aria-hidden sx={{ gridArea: 'names', display: 'grid', gap: 0.25, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography component="span" variant="body2" sx={{ fontWeight: 600, lineHeight: 1.25 }}>
          <TithiText name={tithiText(day.tithi)} />
        </Typography>
        {day.tithi.kshaya ? (
          <Typography component="span" variant="caption" sx={{ fontStyle: 'italic', lineHeight: 1.25 }}>
            {t('panchangam.day.alsoKshaya', { name: tithiWord(day.tithi.kshaya.number, day.tithi.kshaya.name) })}
          </Typography>
        ) : null}
        <Typography component="span" variant="caption" sx={{ color: quiet, lineHeight: 1.25 }}>
          {nakshatraText(day.nakshatra)}
        </Typography>
        {festivals.map((festival, i) => (
          // Compact: a long name is cut to two lines in the calendar (the day's details say it whole).
          <Typography
            key={`${festival.name}-${i}`}
            component="span"
            variant="caption"
            sx={{
              fontWeight: 700,
              lineHeight: 1.25,
              color: selected ? 'inherit' : 'secondary.main',
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: 2,
              overflow: 'hidden',
            }}
          >
            {festival.name}
          </Typography>
        ))}
      </Box>
      <Box component="span" aria-hidden sx={{ gridArea: 'marks', display: 'flex', gap: 0.25 }}>
        {marks.map((mark) => (
          <MarkIcon key={mark} mark={mark} fontSize="small" />
        ))}
      </Box>
    </ButtonBase>
  );
}

function Legend() {
  return (
    <Box component="ul" aria-label={t('panchangam.marks')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
      {MARKS.map(({ mark }) => (
        <Box component="li" key={mark} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <MarkIcon mark={mark} fontSize="small" />
          <Typography variant="body2">
            <strong>{markName(mark)}</strong>: {markMeaning(mark)}
          </Typography>
        </Box>
      ))}
      <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
        <Typography variant="body2">{t.rich('panchangam.legend.kshaya', { b: (chunks) => <strong>{chunks}</strong> })}</Typography>
      </Box>
    </Box>
  );
}

function WeekdayHeader() {
  return (
    <Box aria-hidden sx={{ display: { xs: 'none', sm: 'grid' }, gridTemplateColumns: COLUMNS.sm, gap: 0.75, mb: 0.75 }}>
      {[0, 1, 2, 3, 4, 5, 6].map((weekday) => (
        <Typography key={weekday} variant="caption" color="text.secondary" sx={{ textAlign: 'center', fontWeight: 600 }}>
          {weekdayShort(weekday)}
        </Typography>
      ))}
    </Box>
  );
}

/** Where the days' placeholders sit while the month loads: the month's own shape, so nothing moves. */
function MonthSkeleton({ month }: { month: string }) {
  const { from, to } = monthRange(month);
  const count = Number(to.slice(8));
  return (
    <LoadingRegion label={t('panchangam.loadingMonth', { month: monthTitle(month) })}>
      <WeekdayHeader />
      <Box sx={{ display: 'grid', gap: { xs: 1, sm: 0.75 }, gridTemplateColumns: COLUMNS }}>
        {Array.from({ length: count }, (_, i) => (
          <Skeleton
            key={i}
            variant="rounded"
            sx={{ height: { xs: 60, sm: 112 }, gridColumnStart: i === 0 ? { sm: weekdayOf(from) + 1 } : undefined }}
          />
        ))}
      </Box>
    </LoadingRegion>
  );
}

function MonthView({ month, today }: { month: string; today: string }) {
  const { from, to } = monthRange(month);
  const { days, error, isLoading, refresh } = usePanchangamDays(from, to);
  // The year's festivals, named on their days; the days show without them while they load or fail.
  const year = month.slice(0, 4);
  const festivals = useFestivals(year);
  const byDay = useMemo(() => festivalsByDay(festivals.festivals), [festivals.festivals]);
  const festivalsOf = (date: string) => byDay.get(date) ?? NO_FESTIVALS;
  const [selected, setSelected] = useState(() => (today.startsWith(month) ? today : from));
  const list = useRef<HTMLOListElement>(null);
  const title = monthTitle(month);
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  const chosen = days?.find((d) => d.date === selected) ?? days?.[0];

  function move(e: KeyboardEvent<HTMLOListElement>) {
    if (!days) return;
    const index = days.findIndex((d) => d.date === (e.target as HTMLElement).dataset.date);
    if (index < 0) return;
    // Up and down go by a week in the calendar, by a day in the list it is on phones.
    const week = window.matchMedia(GRID_FROM).matches ? 7 : 1;
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -week, ArrowDown: week };
    const target = e.key === 'Home' ? 0 : e.key === 'End' ? days.length - 1 : e.key in steps ? index + steps[e.key] : null;
    if (target === null) return;
    e.preventDefault();
    const date = days[Math.min(Math.max(target, 0), days.length - 1)].date;
    setSelected(date);
    list.current?.querySelector<HTMLElement>(`[data-date="${date}"]`)?.focus();
  }

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2 }}>
        <Typography component="h2" variant="h4" sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
          {title}
          <Typography component="span" variant="h6" color="text.secondary" sx={{ display: 'block', fontWeight: 500, minHeight: '1.6em' }}>
            {days ? lunarMonthsOf(days) : isLoading ? <Skeleton width="12rem" aria-hidden /> : null}
          </Typography>
        </Typography>
        <Box component="nav" aria-label={t('panchangam.nav.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {previous ? (
            <Button component={RouterLink} to={paths.panchangam.getHref(previous)} variant="outlined" startIcon={<ChevronLeft />}>
              {t.rich('panchangam.nav.previous', { hidden, month: monthName(Number(previous.slice(5))) })}
            </Button>
          ) : null}
          <Button component={RouterLink} to={paths.panchangam.getHref()} variant="outlined">
            {t('panchangam.nav.thisMonth')}
          </Button>
          {next ? (
            <Button component={RouterLink} to={paths.panchangam.getHref(next)} variant="outlined" endIcon={<ChevronRight />}>
              {t.rich('panchangam.nav.next', { hidden, month: monthName(Number(next.slice(5))) })}
            </Button>
          ) : null}
        </Box>
      </Box>
      <Legend />
      {festivals.error && !error ? (
        <RetryAlert onRetry={festivals.refresh}>{t('panchangam.festivalsFailed', { year })}</RetryAlert>
      ) : null}
      {error ? (
        <RetryAlert onRetry={refresh}>{t('panchangam.monthFailed', { month: title })}</RetryAlert>
      ) : !days ? (
        <MonthSkeleton month={month} />
      ) : days.length === 0 || !chosen ? (
        <Alert severity="info">{t('panchangam.empty', { month: title })}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 20rem' }, alignItems: 'start' }}>
          <div>
            <WeekdayHeader />
            <Box component="p" id="panchangam-keys" sx={visuallyHidden}>
              {t('panchangam.keys')}
            </Box>
            <Box
              component="ol"
              ref={list}
              aria-label={t('panchangam.daysOf', { month: title })}
              aria-describedby="panchangam-keys"
              onKeyDown={move}
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: { xs: 1, sm: 0.75 }, gridTemplateColumns: COLUMNS }}
            >
              {days.map((day, i) => {
                const isChosen = day.date === chosen.date;
                return (
                  <Box component="li" key={day.date} sx={{ gridColumnStart: i === 0 ? { sm: weekdayOf(day.date) + 1 } : undefined }}>
                    <DayButton
                      day={day}
                      festivals={festivalsOf(day.date)}
                      isToday={day.date === today}
                      selected={isChosen}
                      tabbable={isChosen}
                      onSelect={() => setSelected(day.date)}
                    />
                    {isChosen ? (
                      // On phones the chosen day opens under its row; wider screens show it beside the calendar.
                      <Paper variant="outlined" sx={{ display: { xs: 'block', sm: 'none' }, mt: 1, p: 2 }}>
                        <DayDetails
                          day={day}
                          isToday={day.date === today}
                          festivals={festivals.festivals ? festivalsOf(day.date) : undefined}
                          festivalsLoading={festivals.isLoading}
                        />
                      </Paper>
                    ) : null}
                  </Box>
                );
              })}
            </Box>
          </div>
          <Paper
            component="section"
            variant="outlined"
            aria-label={t('panchangam.chosenDay')}
            sx={{ display: { xs: 'none', sm: 'block' }, p: 2.5, position: { md: 'sticky' }, top: { md: 88 } }}
          >
            <DayDetails
              day={chosen}
              isToday={chosen.date === today}
              festivals={festivals.festivals ? festivalsOf(chosen.date) : undefined}
              festivalsLoading={festivals.isLoading}
            />
          </Paper>
        </Box>
      )}
    </Box>
  );
}

/**
 * The festivals' iCalendar file: a plain link with `download`, so it works before the page's
 * scripts run (the page is rendered by the server), with what it holds said next to it.
 */
function FestivalCalendarLink() {
  return (
    <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}>
      <Button
        href={FESTIVAL_CALENDAR_PATH}
        download={FESTIVAL_CALENDAR_FILE}
        variant="outlined"
        startIcon={<EventAvailableOutlined />}
        aria-describedby="festival-calendar-note"
      >
        {t('panchangam.calendar.add')}
      </Button>
      <Typography id="festival-calendar-note" variant="body2" color="text.secondary" sx={{ maxWidth: 520 }}>
        {t('panchangam.calendar.note')}
      </Typography>
    </Box>
  );
}

/**
 * The temple's panchangam, a month at a glance: a Sunday-first calendar of the Gregorian month (a
 * list on phones), each day with its tithi and nakshatra at sunrise, its marks and its festivals, and
 * the chosen day's whole panchangam. `monthParam` is `?month=YYYY-MM`; the temple's current month without it.
 */
export function PanchangamPage({ monthParam }: { monthParam: string | null }) {
  const { settings } = useSite();
  const timeZone = settings?.timeZone || env.timeZone;
  const today = templeToday(timeZone, useNow());
  const month = parseMonth(monthParam) ?? today.slice(0, 7);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 }, display: 'grid', gap: 3 }}>
      <div>
        <Typography component="h1" variant="h3" gutterBottom>
          {t('panchangam.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 760 }}>
          {t('panchangam.intro', { timeZone })}
        </Typography>
        <FestivalCalendarLink />
      </div>
      <MonthView key={month} month={month} today={today} />
    </Container>
  );
}
