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
import { RecurringGiftCard } from './recurring-gift-card';

const EMPTY_TEXT =
  'You have no recurring gifts. Give by card every month, quarter or year to the fund you choose, and change, pause or cancel it at any time.';

type Props = { cardStep: CardStep };

/** My Donations' "Recurring gifts": the member's gifts, each managed in place, newest first. */
export function MyRecurringGifts({ cardStep }: Props) {
  const { gifts, error, isLoading, refresh } = useMyRecurringGifts();
  const give = (
    <Button component={RouterLink} to={paths.donateMonthly.getHref()} variant="contained" startIcon={<Autorenew />}>
      Give monthly
    </Button>
  );

  let body;
  if (isLoading) {
    body = (
      <LoadingRegion label="Loading your recurring gifts" sx={{ display: 'grid', gap: 2 }}>
        <Skeleton variant="rounded" height={160} />
      </LoadingRegion>
    );
  } else if (error) {
    body = <RetryAlert onRetry={() => void refresh()}>Your recurring gifts could not be loaded. Please try again.</RetryAlert>;
  } else if (!gifts || gifts.length === 0) {
    body = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }}>
        <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 560, mx: 'auto' }}>
          {EMPTY_TEXT}
        </Typography>
        {give}
      </Paper>
    );
  } else {
    body = (
      <Box component="ul" aria-label="My recurring gifts" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
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
          Recurring gifts
        </Typography>
        {gifts && gifts.length > 0 ? give : null}
      </Box>
      {body}
    </Box>
  );
}
