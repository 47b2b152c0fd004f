import { RequirePermission } from '@/components/require-auth';
import { DepositsPage } from '@/features/cash-office/components/deposits-page';

/** /deposits: the treasurer's bank deposits (`make_deposits`); signed-out visitors go to /sign-in, anyone else to /. */
export default function DepositsRoute() {
  return (
    <RequirePermission permission="make_deposits">
      <DepositsPage />
    </RequirePermission>
  );
}
