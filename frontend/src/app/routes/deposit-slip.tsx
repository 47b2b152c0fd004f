import { useParams } from 'react-router';
import { RequirePermission } from '@/components/require-auth';
import { DepositSlip } from '@/features/cash-office/components/deposit-slip';

/** /deposits/:id: a deposit's printable slip (`make_deposits`); signed-out visitors go to /sign-in, anyone else to /. */
export default function DepositSlipRoute() {
  const { id = '' } = useParams();
  return (
    <RequirePermission permission="make_deposits">
      <DepositSlip key={id} id={id} />
    </RequirePermission>
  );
}
