import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { CollectionsPage } from '@/features/cash-office/components/collections-page';
import { useDonationTypes } from '@/features/donations/api/get-donation-types';
import { useAuth } from '@/lib/auth';

/** The hundi counts with the funds a count may go to: the active donation types. */
function Collections() {
  const { donationTypes } = useDonationTypes();
  return <CollectionsPage donationTypes={donationTypes} />;
}

/** /collections: the treasurer's hundi counts (`count_collections`); signed-out visitors go to /sign-in, anyone else to /. */
export default function CollectionsRoute() {
  const { user, loading, can } = useAuth();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.signIn.getHref(paths.collections.getHref())} replace />;
  if (!can('count_collections')) return <Navigate to={paths.home.getHref()} replace />;
  return <Collections />;
}
