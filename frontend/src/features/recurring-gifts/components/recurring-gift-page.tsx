import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useRecurringGift } from '../api/recurring-gifts';
import { t } from '../i18n';
import type { CardStep } from '../types';
import { RecurringGiftCard } from './recurring-gift-card';

type Props = {
  id: string;
  /** The signed link's token (`?token=`); a signed-in owner needs none. */
  token: string | null;
  cardStep: CardStep;
};

/** The link does not open the gift: unknown, not the holder's, or a link no longer valid. */
function refused(error: Error | undefined): boolean {
  return error instanceof ApiError && [401, 403, 404].includes(error.status);
}

/**
 * /giving/recurring/:id: one recurring gift, opened by its signed link (a guest's, in every
 * e-mail about it) or by its signed-in member, managed as on My Donations.
 */
export function RecurringGiftPage({ id, token, cardStep }: Props) {
  const { gift, error, isLoading, refresh } = useRecurringGift(id, token);
  const { user } = useAuth();
  const location = useLocation();

  let body;
  if (isLoading) {
    body = (
      <LoadingRegion label={t('recurring.loadingGift')}>
        <Skeleton variant="rounded" height={220} />
      </LoadingRegion>
    );
  } else if (refused(error)) {
    body = (
      <Alert severity="warning">
        <AlertTitle>{t('recurring.notOpened')}</AlertTitle>
        {t('recurring.notOpenedText')}
        {user ? null : (
          <>
            {' '}
            {t.rich('recurring.signInToSee', {
              link: (chunks) => (
                <Link component={RouterLink} to={paths.signIn.getHref(`${location.pathname}${location.search}`)}>
                  {chunks}
                </Link>
              ),
            })}
          </>
        )}
      </Alert>
    );
  } else if (error || !gift) {
    body = <RetryAlert onRetry={() => void refresh()}>{t('recurring.loadFailed')}</RetryAlert>;
  } else {
    body = (
      <>
        <RecurringGiftCard gift={gift} token={token} cardStep={cardStep} component="section" headingLevel="h2" />
        {gift.member && user ? (
          <Typography variant="body2" sx={{ mt: 2 }}>
            <Link component={RouterLink} to={paths.myDonations.getHref()}>
              {t('recurring.seeAll')}
            </Link>
          </Typography>
        ) : null}
      </>
    );
  }

  return (
    <>
      <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, mb: 3 }}>
        {t('recurring.pageTitle')}
      </Typography>
      {body}
    </>
  );
}
