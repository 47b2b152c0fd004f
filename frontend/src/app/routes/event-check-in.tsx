import { CheckIn } from '@/features/event-management/components/check-in';
import { AdminEventPage } from '../flows/admin-event-page';

/** /events/:id/check-in (door duty: the admins; the server decides). */
export default function EventCheckInRoute() {
  return <AdminEventPage>{(event) => <CheckIn event={event} />}</AdminEventPage>;
}
