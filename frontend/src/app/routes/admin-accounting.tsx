import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { BooksPage } from '@/features/books/components/books-page';
import { useAuth } from '@/lib/auth';

/** /admin/accounting: the books (`export_finances`, `manage_funds` or `read_ledger`: treasurers and admins); signed-out visitors go to /sign-in, anyone else to /. */
export default function AdminAccountingRoute() {
  const { user, loading, can } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.signIn.getHref(location.pathname + location.search)} replace />;
  if (!can('export_finances') && !can('manage_funds') && !can('read_ledger')) return <Navigate to={paths.home.getHref()} replace />;
  return <BooksPage />;
}
