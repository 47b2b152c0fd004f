import { CheckIn } from '@/features/event-management/components/check-in';
import { AdminEventPage } from '../flows/admin-event-page';

/** /events/:id/check-in (door duty: front desk, volunteer coordinators, admins; the server decides). */
export default function EventCheckInRoute() {
  return <AdminEventPage allow={['door_duty']}>{(event) => <CheckIn event={event} />}</AdminEventPage>;
}
