import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import type { SevaDay, SevaSlotAvailability } from '@/types/api';
import { useSevaAvailability } from '../api/sevas';
import { t } from '../i18n';
import { addDays, formatLocalDate, formatMonthYear, weekdayNames } from '../lib/sankalpam';

/** How many days one page of the picker shows (six weeks). */
const PAGE_DAYS = 42;

const STATUS_KEYS = {
  open: 'sevas.picker.status.open',
  notOffered: 'sevas.picker.status.notOffered',
  blackout: 'sevas.picker.status.blackout',
  past: 'sevas.picker.status.past',
  beyondHorizon: 'sevas.picker.status.beyondHorizon',
} as const;

export type ChosenSlot = { date: string; slot: SevaSlotAvailability };

/** One row of the date grid: the weekdays' headers, or a week. */
const WEEK_ROW = { display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 } as const;

/** The page's days in weeks (a page starts on a Sunday). */
function weeksOf(days: SevaDay[]): SevaDay[][] {
  const weeks: SevaDay[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/**
 * Where a key moves the focus in the date grid, as an index into the page's days, or null for a
 * key the grid does not handle: the arrows by a day or a week, Home and End to the week's ends,
 * Ctrl+Home and Ctrl+End to the page's first and last day.
 */
function gridKeyTarget(key: string, ctrl: boolean, index: number, count: number): number | null {
  const rowStart = index - (index % 7);
  const target =
    key === 'ArrowRight' ? index + 1
    : key === 'ArrowLeft' ? index - 1
    : key === 'ArrowDown' ? index + 7
    : key === 'ArrowUp' ? index - 7
    : key === 'Home' ? (ctrl ? 0 : rowStart)
    : key === 'End' ? (ctrl ? count - 1 : Math.min(rowStart + 6, count - 1))
    : null;
  if (target === null) return null;
  return Math.min(Math.max(target, 0), count - 1);
}

function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

function weekStart(date: string): string {
  return addDays(date, -new Date(dayNumber(date) * 86_400_000).getUTCDay());
}

/** The first day of the page (of six weeks from `first`, the first page's Sunday) that shows `date`. */
function pageStart(first: string, date: string): string {
  return addDays(first, Math.floor((dayNumber(date) - dayNumber(first)) / PAGE_DAYS) * PAGE_DAYS);
}

function dayBookable(day: SevaDay): boolean {
  return day.status === 'open' && day.slots.some((s) => s.status === 'open');
}

function dayLabel(day: SevaDay): string {
  if (day.status !== 'open') {
    const key = STATUS_KEYS[day.status as keyof typeof STATUS_KEYS];
    return key ? t(key) : day.status;
  }
  if (day.slots.every((s) => s.status === 'closed')) return t('sevas.picker.bookingClosed');
  if (!dayBookable(day)) return t('sevas.picker.fullyBooked');
  const left = day.slots.filter((s) => s.status === 'open').reduce((n, s) => n + s.remaining, 0);
  return t('sevas.picker.placesLeft', { count: left });
}

/**
 * The seva's calendar: six weeks at a time from the server's availability (the temple's local
 * dates), then the chosen day's slots with the places left.
 */
export function AvailabilityPicker({
  sevaId,
  today,
  initialDate = null,
  value,
  onChange,
}: {
  sevaId: string;
  /** The temple's today, "YYYY-MM-DD". */
  today: string;
  /**
   * A date to open on (the page's `?date=`, from today on): its page is shown and the date chosen
   * once its availability says it can be booked; otherwise the first page, as without it.
   */
  initialDate?: string | null;
  value: ChosenSlot | null;
  onChange: (value: ChosenSlot | null) => void;
}) {
  const firstPage = weekStart(today);
  const [wanted, setWanted] = useState(() => (initialDate && initialDate >= today ? initialDate : null));
  const [from, setFrom] = useState(() => (wanted ? pageStart(firstPage, wanted) : firstPage));
  const to = addDays(from, PAGE_DAYS - 1);
  const { availability, error, isLoading, refresh } = useSevaAvailability(sevaId, from, to);
  const [selectedDate, setSelectedDate] = useState<string | null>(value?.date ?? null);
  const days = availability?.days ?? [];
  // The wanted date's page has loaded: the date is chosen if it can be booked, else forgotten and
  // the first page shown (set while rendering, so the page never paints the unchosen date first).
  const wantedDay = wanted ? days.find((d) => d.date === wanted) : undefined;
  if (wanted && (wantedDay || error)) {
    setWanted(null);
    if (wantedDay && dayBookable(wantedDay)) setSelectedDate(wantedDay.date);
    else setFrom(firstPage);
  }
  const selectedDay = days.find((d) => d.date === selectedDate) ?? null;
  const weekdays = weekdayNames();
  // The grid's one tab stop: the day last focused, else the chosen one, else the first bookable.
  const gridRef = useRef<HTMLDivElement>(null);
  const [focusDate, setFocusDate] = useState<string | null>(null);
  const tabStop = (
    days.find((d) => d.date === focusDate) ??
    selectedDay ??
    days.find(dayBookable) ??
    days[0]
  )?.date;

  function moveFocus(e: KeyboardEvent<HTMLElement>) {
    const current = (e.target as HTMLElement).dataset.date;
    const index = days.findIndex((d) => d.date === current);
    if (index < 0) return;
    const target = gridKeyTarget(e.key, e.ctrlKey || e.metaKey, index, days.length);
    if (target === null) return;
    e.preventDefault();
    const date = days[target].date;
    setFocusDate(date);
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${date}"]`)?.focus();
  }

  // Fresh availability (another page, or reloaded after a refused booking) can show the chosen
  // slot taken: the choice is dropped then, or its places left brought up to date.
  useEffect(() => {
    if (!value || !availability) return;
    const fresh = availability.days.find((d) => d.date === value.date)?.slots.find((s) => s.time === value.slot.time);
    if (!fresh) return;
    if (fresh.status !== 'open') onChange(null);
    else if (fresh.remaining !== value.slot.remaining) onChange({ date: value.date, slot: fresh });
  }, [availability, value, onChange]);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <IconButton aria-label={t('sevas.picker.earlier')} onClick={() => setFrom(addDays(from, -PAGE_DAYS))} disabled={from <= weekStart(today)}>
          <ChevronLeft />
        </IconButton>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }} aria-live="polite">
          {formatMonthYear(from)} – {formatMonthYear(to)}
        </Typography>
        <IconButton aria-label={t('sevas.picker.later')} onClick={() => setFrom(addDays(from, PAGE_DAYS))}>
          <ChevronRight />
        </IconButton>
      </Box>
      {error ? (
        <RetryAlert onRetry={() => void refresh()}>{t('sevas.picker.loadFailed')}</RetryAlert>
      ) : isLoading ? (
        // The grid's own shape (a row of weekday names, six weeks of square days), so nothing
        // moves when the days arrive.
        <LoadingRegion label={t('sevas.picker.loading')} sx={{ display: 'grid', gap: 0.5 }}>
          <Box sx={WEEK_ROW}>
            {weekdays.map((d) => (
              <Typography key={d} variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
                {d}
              </Typography>
            ))}
          </Box>
          {Array.from({ length: PAGE_DAYS / 7 }, (_, week) => (
            <Box key={week} sx={WEEK_ROW}>
              {weekdays.map((d) => (
                <Skeleton key={d} variant="rounded" sx={{ aspectRatio: '1', height: 'auto', borderRadius: 1.5 }} />
              ))}
            </Box>
          ))}
        </LoadingRegion>
      ) : (
        <Box
          ref={gridRef}
          role="grid"
          aria-label={t('sevas.picker.grid')}
          onKeyDown={moveFocus}
          sx={{ display: 'grid', gap: 0.5 }}
        >
          <Box role="row" sx={WEEK_ROW}>
            {weekdays.map((d) => (
              <Typography key={d} role="columnheader" variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
                {d}
              </Typography>
            ))}
          </Box>
          {weeksOf(days).map((week) => (
            <Box key={week[0].date} role="row" sx={WEEK_ROW}>
              {week.map((day) => {
                const bookable = dayBookable(day);
                const selected = day.date === selectedDate;
                return (
                  // The cell lays its button out as the seven-column grid did before it had rows.
                  <Box key={day.date} role="gridcell" aria-selected={selected} sx={{ display: 'grid', minWidth: 0 }}>
                    <ButtonBase
                      // One tab stop in the grid; the arrow keys move between the days (moveFocus).
                      tabIndex={day.date === tabStop ? 0 : -1}
                      aria-label={`${formatLocalDate(day.date)}: ${dayLabel(day)}`}
                      // Reachable by the arrow keys, so its state is read out, but not chosen.
                      aria-disabled={bookable ? undefined : true}
                      disableRipple={!bookable}
                      data-date={day.date}
                      onFocus={() => setFocusDate(day.date)}
                      onClick={() => {
                        if (!bookable) return;
                        setSelectedDate(day.date);
                        onChange(null);
                      }}
                      sx={{
                        aspectRatio: '1',
                        borderRadius: 1.5,
                        border: 1,
                        borderColor: selected ? 'primary.main' : bookable ? 'divider' : 'transparent',
                        bgcolor: selected ? 'primary.main' : bookable ? 'background.paper' : 'action.hover',
                        color: selected ? 'primary.contrastText' : bookable ? 'text.primary' : 'text.disabled',
                        fontWeight: bookable ? 600 : 400,
                        ...(bookable ? {} : { pointerEvents: 'none', cursor: 'default' }),
                        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
                      }}
                    >
                      {Number(day.date.slice(8))}
                    </ButtonBase>
                  </Box>
                );
              })}
            </Box>
          ))}
        </Box>
      )}
      {selectedDay ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {formatLocalDate(selectedDay.date)}
          </Typography>
          <ToggleButtonGroup
            exclusive
            color="primary"
            aria-label={t('sevas.picker.timeSlot')}
            value={value?.date === selectedDay.date ? (value.slot.time ?? 'any') : null}
            onChange={(_, key: string | null) => {
              const slot = selectedDay.slots.find((s) => (s.time ?? 'any') === key);
              onChange(slot ? { date: selectedDay.date, slot } : null);
            }}
            sx={{ flexWrap: 'wrap', gap: 1, '& .MuiToggleButtonGroup-grouped': { border: 1, borderColor: 'divider', borderRadius: '8px !important', m: 0 } }}
          >
            {selectedDay.slots.map((s) => (
              <ToggleButton key={s.time ?? 'any'} value={s.time ?? 'any'} disabled={s.status !== 'open'} sx={{ textTransform: 'none', display: 'grid', px: 2 }}>
                <span>{s.timeLabel}</span>
                <Typography component="span" variant="caption" color="inherit">
                  {s.status === 'open' ? t('sevas.picker.slotLeft', { count: s.remaining }) : s.status === 'full' ? t('sevas.picker.slotFull') : t('sevas.picker.slotClosed')}
                </Typography>
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      ) : (
        <Typography color="text.secondary">{t('sevas.picker.chooseDate')}</Typography>
      )}
      {value ? (
        <Button variant="text" onClick={() => onChange(null)} sx={{ justifySelf: 'start' }}>
          {t('sevas.picker.clear')}
        </Button>
      ) : null}
    </Box>
  );
}
