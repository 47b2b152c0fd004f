import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LoadingRegion } from '@/components/ui/loading-region';
import { tithiName } from '@/lib/tithi';
import type { Festival, PanchangamDay } from '@/types/api';
import { clockTime, endTime, festivalRule, lunarMonthName } from '../lib/format';
import { MARKS, WEEKDAY_NAMES, longDate, marksOf } from '../lib/month';
import { MarkIcon } from './mark-icon';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

const span = (s: { start: string; end: string }) => `${clockTime(s.start)} – ${clockTime(s.end)}`;

/** The day's festivals, each with the tithi and moment that set it on this day. */
function Festivals({ festivals }: { festivals: readonly Festival[] }) {
  return (
    <Box component="ul" aria-label="Festivals" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
      {festivals.map((festival, i) => (
        <Box component="li" key={`${festival.name}-${i}`} sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1, alignItems: 'start' }}>
          <CelebrationOutlined fontSize="small" aria-hidden sx={{ color: 'secondary.main', mt: '2px' }} />
          <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <Typography sx={{ fontWeight: 700, lineHeight: 1.3 }}>{festival.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              {festivalRule(festival)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The whole panchangam of one day: its festivals, its sun, its five limbs with their ends, and its
 * periods. `festivals` is undefined while they load (a line's placeholder holds their place) and
 * when they could not be had (the page says so once, above the days).
 */
export function DayDetails({
  day,
  isToday,
  festivals,
  festivalsLoading = false,
}: {
  day: PanchangamDay;
  isToday: boolean;
  festivals?: readonly Festival[];
  festivalsLoading?: boolean;
}) {
  const { tithi } = day;
  const paksha = `${tithi.paksha.charAt(0).toUpperCase()}${tithi.paksha.slice(1)} paksha`;
  const marks = marksOf(day);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="h3" variant="h6">
          {longDate(day.date)}
        </Typography>
        {isToday ? <Chip label="Today" color="primary" size="small" /> : null}
      </Box>
      {festivalsLoading ? (
        <LoadingRegion label="Loading the festivals">
          <Skeleton width="60%" />
        </LoadingRegion>
      ) : festivals && festivals.length > 0 ? (
        <Festivals festivals={festivals} />
      ) : null}
      {marks.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {marks.map((mark) => (
            <Chip key={mark} icon={<MarkIcon mark={mark} />} label={MARKS.find((m) => m.mark === mark)?.label} variant="outlined" size="small" />
          ))}
        </Box>
      ) : null}
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.75, alignItems: 'baseline' }}>
        <Row term="Sunrise">{clockTime(day.sunrise)}</Row>
        <Row term="Sunset">{clockTime(day.sunset)}</Row>
        <Row term="Tithi">
          {tithiName(tithi)} until {endTime(tithi.endsAt, day.date)}
          {tithi.kshaya ? (
            <>
              , then {tithiName(tithi.kshaya)} until {endTime(tithi.kshaya.endsAt, day.date)} (kshaya: it begins and ends before the next sunrise)
            </>
          ) : null}
          {tithi.vriddhi ? ' (vriddhi: it is still running at the next sunrise)' : null}
        </Row>
        <Row term="Nakshatra">
          {day.nakshatra.name} until {endTime(day.nakshatra.endsAt, day.date)}
        </Row>
        <Row term="Yoga">
          {day.yoga.name} until {endTime(day.yoga.endsAt, day.date)}
        </Row>
        <Row term="Karana">
          {day.karana.name} until {endTime(day.karana.endsAt, day.date)}
        </Row>
        <Row term="Vara">
          {day.vara.name} ({WEEKDAY_NAMES[day.vara.number]})
        </Row>
        <Row term="Lunar month">
          {lunarMonthName(day.lunarMonth)}, {paksha}
        </Row>
        <Row term="Rahu kalam">{span(day.rahuKalam)}</Row>
        <Row term="Yamagandam">{span(day.yamagandam)}</Row>
        <Row term="Gulika kalam">{span(day.gulikaKalam)}</Row>
      </Box>
    </Box>
  );
}
