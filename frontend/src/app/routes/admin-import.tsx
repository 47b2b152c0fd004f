import { RequirePermission } from '@/components/require-auth';
import { ImportPage } from '@/features/imports/components/import-page';

/** /admin/import: importing members or gifts (`import_data`: admins); signed-out visitors go to /sign-in, anyone else to /. */
export default function AdminImportRoute() {
  return (
    <RequirePermission permission="import_data">
      <ImportPage />
    </RequirePermission>
  );
}
