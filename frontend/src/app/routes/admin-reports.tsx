import { RequirePermission } from '@/components/require-auth';
import { ReportsPage } from '@/features/reports/components/reports-page';

/** /admin/reports: the treasurer's reports (`read_ledger`: treasurers and admins); signed-out visitors go to /sign-in, anyone else to /. */
export default function AdminReportsRoute() {
  return (
    <RequirePermission permission="read_ledger">
      <ReportsPage />
    </RequirePermission>
  );
}
