import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { AdminPage } from '@/features/admin/components/admin-page';
import { FestivalsSection } from '@/features/festivals/components/festivals-section';
import { useAuth } from '@/lib/auth';
import { MemberActivity } from '../flows/member-activity';

/** /admin: signed-out users go to /sign-in, accounts without a staff role to /. */
export default function AdminRoute() {
  const { user, loading, isStaff } = useAuth();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to={paths.signIn.getHref(paths.admin.getHref())} replace />;
  if (!isStaff) return <Navigate to={paths.home.getHref()} replace />;
  return <AdminPage renderMemberActivity={(userId) => <MemberActivity userId={userId} />} festivals={<FestivalsSection />} />;
}
