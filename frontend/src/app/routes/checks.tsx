import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { CheckBatchPage } from '@/features/counter/components/check-batch-page';
import { useDonationTypes } from '@/features/donations/api/get-donation-types';
import { useAuth } from '@/lib/auth';
import { todayIn } from '@/lib/dates';
import { useSite } from '@/lib/site';

/** The batch with what a check may be for (the active donation types) and the temple's today. */
function Checks() {
  const { donationTypes } = useDonationTypes();
  const { settings } = useSite();
  return <CheckBatchPage funds={donationTypes} today={todayIn(settings?.timeZone || env.timeZone)} />;
}

/** /checks: checks entered in bulk (`count_collections`); signed-out visitors go to /sign-in, anyone else to /. */
export default function ChecksRoute() {
  const { user, loading, can } = useAuth();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.signIn.getHref(paths.checks.getHref())} replace />;
  if (!can('count_collections')) return <Navigate to={paths.home.getHref()} replace />;
  return <Checks />;
}
