import { CheckIn } from '@/features/event-management/components/check-in';
import { AdminEventPage } from '../flows/admin-event-page';

/** /events/:id/check-in (admins and the event's volunteers; the server decides). */
export default function EventCheckInRoute() {
  return <AdminEventPage adminOnly={false}>{(event) => <CheckIn event={event} />}</AdminEventPage>;
}
