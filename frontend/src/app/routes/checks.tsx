import { RequirePermission } from '@/components/require-auth';
import { env } from '@/config/env';
import { CheckBatchPage } from '@/features/counter/components/check-batch-page';
import { useDonationTypes } from '@/features/donations/api/get-donation-types';
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
  return (
    <RequirePermission permission="count_collections">
      <Checks />
    </RequirePermission>
  );
}
