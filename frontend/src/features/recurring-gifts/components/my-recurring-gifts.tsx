import Autorenew from '@mui/icons-material/Autorenew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import type { CardStep } from '../types';
import { useMyRecurringGifts } from '../api/recurring-gifts';
import { t } from '../i18n';
import { RecurringGiftCard } from './recurring-gift-card';

type Props = { cardStep: CardStep };

/** My Donations' "Recurring gifts": the member's gifts, each managed in place, newest first. */
export function MyRecurringGifts({ cardStep }: Props) {
  const { gifts, error, isLoading, refresh } = useMyRecurringGifts();
  const give = (
    <Button component={RouterLink} to={paths.donateMonthly.getHref()} variant="contained" startIcon={<Autorenew />}>
      {t('recurring.giveMonthly')}
    </Button>
  );

  let body;
  if (isLoading) {
    body = (
      <LoadingRegion label={t('recurring.loadingGifts')} sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={160} />
      </LoadingRegion>
    );
  } else if (error) {
    body = <RetryAlert onRetry={() => void refresh()}>{t('recurring.giftsFailed')}</RetryAlert>;
  } else if (!gifts || gifts.length === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }}>
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 560, mx: 'auto' }}>
          {t('recurring.empty')}
        </Typography>
        {give}
      </Paper>
    );
  } else {
    body = (
      <Box component="ul" aria-label={t('recurring.myGifts')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
        {gifts.map((g) => (
          <RecurringGiftCard key={g.id} gift={g} cardStep={cardStep} />
        ))}
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby="recurring-gifts-heading" sx={{ mt: 5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="recurring-gifts-heading" component="h2" variant="h5">
          {t('recurring.title')}
        </Typography>
        {gifts && gifts.length > 0 ? give : null}
      </Box>
      {body}
    </Box>
  );
}
