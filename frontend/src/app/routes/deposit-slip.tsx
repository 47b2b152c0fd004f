import { Navigate, useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { DepositSlip } from '@/features/cash-office/components/deposit-slip';
import { useAuth } from '@/lib/auth';

/** /deposits/:id: a deposit's printable slip (`make_deposits`); signed-out visitors go to /sign-in, anyone else to /. */
export default function DepositSlipRoute() {
  const { id = '' } = useParams();
  const { user, loading, can } = useAuth();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.signIn.getHref(paths.depositSlip.getHref(id))} replace />;
  if (!can('make_deposits')) return <Navigate to={paths.home.getHref()} replace />;
  return <DepositSlip key={id} id={id} />;
}
