import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { RequireAuth } from '@/components/require-auth';
import { LoadingRegion } from '@/components/ui/loading-region';
import { MyDonations } from '@/features/giving/components/my-donations';
import { t } from './i18n';

const MyRecurringGifts = lazy(() => import('../flows/my-recurring-gifts'));

/** While the recurring gifts' section loads: its place held, as its own loading state holds it. */
function RecurringGiftsLoading() {
  return (
    <LoadingRegion label={t('page.myDonations.loadingRecurring')} sx={{ mt: 5, display: 'grid', gap: 2 }}>
      <Skeleton variant="text" width={220} height={40} />
      <Skeleton variant="rounded" height={160} />
    </LoadingRegion>
  );
}

export default function MyDonationsRoute() {
  return (
    <RequireAuth>
      <Container sx={{ py: { xs: 3, md: 5 } }}>
        <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, mb: 3 }}>
          {t('page.myDonations.title')}
        </Typography>
        <MyDonations
          recurring={
            <Suspense fallback={<RecurringGiftsLoading />}>
              <MyRecurringGifts />
            </Suspense>
          }
        />
      </Container>
    </RequireAuth>
  );
}
