import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { DepositsPage } from '@/features/cash-office/components/deposits-page';
import { useAuth } from '@/lib/auth';

/** /deposits: the treasurer's bank deposits (`make_deposits`); signed-out visitors go to /sign-in, anyone else to /. */
export default function DepositsRoute() {
  const { user, loading, can } = useAuth();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.signIn.getHref(paths.deposits.getHref())} replace />;
  if (!can('make_deposits')) return <Navigate to={paths.home.getHref()} replace />;
  return <DepositsPage />;
}
