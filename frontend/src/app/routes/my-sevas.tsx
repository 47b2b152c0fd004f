import { RequirePermission } from '@/components/require-auth';
import { AssignedSevas } from '@/features/sevas/components/assigned-sevas';

/** /my-sevas: a priest's own sevas (`own_sevas`); signed-out visitors go to /sign-in, anyone else to /. */
export default function MySevasRoute() {
  return (
    <RequirePermission permission="own_sevas">
      <AssignedSevas />
    </RequirePermission>
  );
}
