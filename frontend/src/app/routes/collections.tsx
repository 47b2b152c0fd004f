import { RequirePermission } from '@/components/require-auth';
import { CollectionsPage } from '@/features/cash-office/components/collections-page';
import { useDonationTypes } from '@/features/donations/api/get-donation-types';

/** The hundi counts with the funds a count may go to: the active donation types. */
function Collections() {
  const { donationTypes } = useDonationTypes();
  return <CollectionsPage donationTypes={donationTypes} />;
}

/** /collections: the treasurer's hundi counts (`count_collections`); signed-out visitors go to /sign-in, anyone else to /. */
export default function CollectionsRoute() {
  return (
    <RequirePermission permission="count_collections">
      <Collections />
    </RequirePermission>
  );
}
