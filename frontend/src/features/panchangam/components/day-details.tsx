import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LoadingRegion } from '@/components/ui/loading-region';
import type { Festival, PanchangamDay } from '@/types/api';
import { t } from '../i18n';
import { clockTime, endTime, festivalRule } from '../lib/format';
import { longDate, markName, marksOf } from '../lib/month';
import { karanaText, lunarMonthText, nakshatraText, pakshaText, tithiText, varaText, yogaText } from '../lib/names';
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
    <Box component="ul" aria-label={t('panchangam.festivals')} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
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
  const marks = marksOf(day);
  /** "Rohini until 1:10 AM tomorrow": a limb and its first end after the day's sunrise. */
  const until = (name: string, endsAt: string) => t('panchangam.until', { name, end: endTime(endsAt, day.date) });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="h3" variant="h6">
          {longDate(day.date)}
        </Typography>
        {isToday ? <Chip label={t('panchangam.today')} color="primary" size="small" /> : null}
      </Box>
      {festivalsLoading ? (
        <LoadingRegion label={t('panchangam.loadingFestivals')}>
          <Skeleton width="60%" />
        </LoadingRegion>
      ) : festivals && festivals.length > 0 ? (
        <Festivals festivals={festivals} />
      ) : null}
      {marks.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {marks.map((mark) => (
            <Chip key={mark} icon={<MarkIcon mark={mark} />} label={markName(mark)} variant="outlined" size="small" />
          ))}
        </Box>
      ) : null}
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.75, alignItems: 'baseline' }}>
        <Row term={t('panchangam.term.sunrise')}>{clockTime(day.sunrise)}</Row>
        <Row term={t('panchangam.term.sunset')}>{clockTime(day.sunset)}</Row>
        <Row term={t('panchangam.term.tithi')}>
          {until(tithiText(tithi), tithi.endsAt)}
          {tithi.kshaya ? (
            <>
              {', '}
              {t('panchangam.thenKshaya', { name: tithiText(tithi.kshaya), end: endTime(tithi.kshaya.endsAt, day.date) })}
            </>
          ) : null}
          {tithi.vriddhi ? ` ${t('panchangam.vriddhi')}` : null}
        </Row>
        <Row term={t('panchangam.term.nakshatra')}>{until(nakshatraText(day.nakshatra), day.nakshatra.endsAt)}</Row>
        <Row term={t('panchangam.term.yoga')}>{until(yogaText(day.yoga), day.yoga.endsAt)}</Row>
        <Row term={t('panchangam.term.karana')}>{until(karanaText(day.karana), day.karana.endsAt)}</Row>
        <Row term={t('panchangam.term.vara')}>{varaText(day.vara)}</Row>
        <Row term={t('panchangam.term.lunarMonth')}>
          {t('panchangam.lunarMonthPaksha', { month: lunarMonthText(day.lunarMonth), paksha: pakshaText(tithi.paksha) })}
        </Row>
        <Row term={t('panchangam.term.rahuKalam')}>{span(day.rahuKalam)}</Row>
        <Row term={t('panchangam.term.yamagandam')}>{span(day.yamagandam)}</Row>
        <Row term={t('panchangam.term.gulikaKalam')}>{span(day.gulikaKalam)}</Row>
      </Box>
    </Box>
  );
}
