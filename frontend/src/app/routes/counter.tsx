import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { CounterPage } from '@/features/counter/components/counter-page';
import { useDonationTypes } from '@/features/donations/api/get-donation-types';
import { useSevas } from '@/features/sevas/api/sevas';
import { useAuth } from '@/lib/auth';
import { CounterReceipt } from '../flows/counter-receipt';

/** The counter with what it sells: the active donation types and sevas. */
function Counter() {
  const { donationTypes } = useDonationTypes();
  const { sevas } = useSevas();
  return <CounterPage donationTypes={donationTypes} sevas={sevas ?? []} renderReceipt={(sale, next) => <CounterReceipt sale={sale} onNewSale={next} />} />;
}

/** /counter: the front desk's sales (`counter`); signed-out visitors go to /sign-in, anyone else to /. */
export default function CounterRoute() {
  const { user, loading, can } = useAuth();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.signIn.getHref(paths.counter.getHref())} replace />;
  if (!can('counter')) return <Navigate to={paths.home.getHref()} replace />;
  return <Counter />;
}
