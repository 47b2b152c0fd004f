import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { AssignedSevas } from '@/features/sevas/components/assigned-sevas';
import { useAuth } from '@/lib/auth';

/** /my-sevas: a priest's own sevas (`own_sevas`); signed-out visitors go to /sign-in, anyone else to /. */
export default function MySevasRoute() {
  const { user, loading, can } = useAuth();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.signIn.getHref(paths.mySevas.getHref())} replace />;
  if (!can('own_sevas')) return <Navigate to={paths.home.getHref()} replace />;
  return <AssignedSevas />;
}
