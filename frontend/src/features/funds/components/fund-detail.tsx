import ArrowBack from '@mui/icons-material/ArrowBack';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FundProgress } from '@/components/ui/fund-progress';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/funds';
import type { Fund } from '@/types/api';
import { useFund } from '../api/get-funds';
import { t } from '../i18n';
import { CampaignDates } from './fund-list';
import { FundMonthsSection } from './fund-months';

function AllFunds() {
  return (
    <Button component={RouterLink} to={paths.funds.getHref()} startIcon={<ArrowBack />} sx={{ justifySelf: 'start', ml: -1 }}>
      {t('funds.detail.allFunds')}
    </Button>
  );
}

/** The fund's figures, larger than on the list: the amount raised, the bar, the goal, donors and gifts. */
function Figures({ fund }: { fund: Fund }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }} component="section" aria-labelledby="fund-progress-heading">
      <Typography id="fund-progress-heading" component="h2" variant="h6">
        {t('funds.detail.raisedSoFar')}
      </Typography>
      <FundProgress fund={fund} large />
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        {fund.goal ? (
          <Box>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('funds.detail.ofGoal')}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }}>
              {fund.progress.percent ?? 0}%
            </Typography>
          </Box>
        ) : null}
        <Box>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('funds.detail.donors')}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }}>
            {formatCount(fund.progress.donors)}
          </Typography>
        </Box>
        <Box>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t('funds.gifts')}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }}>
            {formatCount(fund.progress.gifts)}
          </Typography>
        </Box>
      </Box>
      <CampaignDates fund={fund} />
    </Paper>
  );
}

/**
 * /funds/:id: one fund, what it has raised, a way to give (the donate page with the fund chosen),
 * and its gifts by month. An unknown id shows 'Fund not found'.
 */
export function FundDetail({ id }: { id: string }) {
  const { fund, error, isLoading, refresh } = useFund(id);

  if (isLoading) {
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        <AllFunds />
        <LoadingRegion label={t('funds.detail.loading')} sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="text" sx={{ fontSize: '2.5rem', maxWidth: 420 }} />
          <Skeleton variant="rounded" height={220} />
        </LoadingRegion>
      </Box>
    );
  }

  const notFound = (error instanceof ApiError && (error.status === 404 || error.status === 400)) || (!error && !fund);
  if (notFound) {
    return (
      <Box sx={{ py: { xs: 4, md: 8 }, textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
        <Typography component="h1" variant="h4" gutterBottom>
          {t('funds.detail.notFound')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('funds.detail.notFoundText')}
        </Typography>
        <Button component={RouterLink} to={paths.funds.getHref()} variant="contained">
          {t('funds.detail.seeAll')}
        </Button>
      </Box>
    );
  }

  if (error || !fund) {
    return (
      <Box sx={{ display: 'grid', gap: 3 }}>
        <AllFunds />
        <RetryAlert onRetry={() => void refresh()}>{t('funds.detail.loadFailed')}</RetryAlert>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <AllFunds />
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, overflowWrap: 'anywhere' }}>
          {fund.name}
        </Typography>
        {fund.restricted ? (
          <Chip label={t('funds.detail.restricted')} variant="outlined" color="secondary" sx={{ justifySelf: 'start', maxWidth: '100%' }} />
        ) : null}
        {fund.description ? (
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', maxWidth: 760 }}>
            {fund.description}
          </Typography>
        ) : null}
      </Box>
      <Figures fund={fund} />
      {fund.isActive ? (
        <Button
          component={RouterLink}
          to={paths.donate.getHref(fund.id)}
          variant="contained"
          size="large"
          startIcon={<VolunteerActivismOutlined />}
          sx={{ justifySelf: { xs: 'stretch', sm: 'start' } }}
        >
          {t('funds.detail.give')}
        </Button>
      ) : (
        <Alert severity="info">{t('funds.detail.closed')}</Alert>
      )}
      <FundMonthsSection fundId={fund.id} />
    </Box>
  );
}
