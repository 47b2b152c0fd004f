import EventOutlined from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FundProgress } from '@/components/ui/fund-progress';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { campaignLabel } from '@/lib/funds';
import type { Fund } from '@/types/api';
import { useFunds } from '../api/get-funds';
import { t } from '../i18n';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } };

/** A campaign's dates with a calendar icon; nothing without dates. */
export function CampaignDates({ fund }: { fund: Pick<Fund, 'startsOn' | 'endsOn'> }) {
  const label = campaignLabel(fund);
  if (!label) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <EventOutlined fontSize="small" aria-hidden />
      <span>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {t('funds.campaign')}
        </Box>{' '}
        {label}
      </span>
    </Typography>
  );
}

function FundCard({ fund }: { fund: Fund }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={paths.fundDetail.getHref(fund.id)}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <CardContent sx={{ flexGrow: 1, display: 'grid', gap: 1.5, alignContent: 'start' }}>
          <Typography component="h2" variant="h6">
            {fund.name}
          </Typography>
          {fund.description ? (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {fund.description}
            </Typography>
          ) : null}
          <FundProgress fund={fund} />
          <CampaignDates fund={fund} />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** /funds: every active fund as a card with what it has raised, each opening the fund's page. */
export function FundList() {
  const { funds, error, isLoading, refresh } = useFunds();
  if (isLoading) {
    return (
      <LoadingRegion label={t('funds.loading')} sx={grid}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={180} />
        ))}
      </LoadingRegion>
    );
  }
  if (error) return <RetryAlert onRetry={() => void refresh()}>{t('funds.loadFailed')}</RetryAlert>;
  if (!funds || funds.length === 0) {
    return <Typography color="text.secondary">{t('funds.empty')}</Typography>;
  }
  return (
    <Box component="ul" aria-label={t('funds.list')} sx={{ listStyle: 'none', p: 0, m: 0, ...grid }}>
      {funds.map((f) => (
        <li key={f.id}>
          <FundCard fund={f} />
        </li>
      ))}
    </Box>
  );
}
