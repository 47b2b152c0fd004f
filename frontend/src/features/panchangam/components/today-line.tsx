import WbSunnyOutlined from '@mui/icons-material/WbSunnyOutlined';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink } from 'react-router';
import { LoadingRegion } from '@/components/ui/loading-region';
import { paths } from '@/config/paths';
import { usePanchangamToday } from '../api/get-panchangam';
import { t } from '../i18n';
import { todayText } from '../lib/format';

/**
 * The home page's line of today's panchangam, linking to the month (/panchangam). Rendered with the
 * page (its data block has today's answer); while it loads, a line's skeleton holds its place, and
 * when it cannot be had the line is left out.
 */
export function TodayLine() {
  const { day, isLoading } = usePanchangamToday();
  if (isLoading) {
    return (
      <LoadingRegion label={t('panchangam.loadingToday')} sx={{ width: 'min(100%, 34rem)' }}>
        <Skeleton sx={{ bgcolor: 'rgba(255,255,255,0.2)', fontSize: '1rem' }} />
      </LoadingRegion>
    );
  }
  if (!day) return null;
  return (
    <Link
      component={RouterLink}
      to={paths.panchangam.getHref()}
      underline="hover"
      sx={{ color: 'inherit', display: 'inline-flex', gap: 1, alignItems: 'center', fontWeight: 500, '& b': { color: '#fde68a' } }}
    >
      <WbSunnyOutlined fontSize="small" aria-hidden />
      <span>{t.rich('panchangam.todayLine', { b: (chunks) => <b>{chunks}</b>, text: todayText(day) })}</span>
    </Link>
  );
}
