import { DoorCount } from '@/features/door-desk/components/door-count';
import { VolunteerBoardPage } from '@/features/volunteer-board/components/volunteer-board-page';
import { AdminEventPage } from '../flows/admin-event-page';

/**
 * /events/:id/volunteers: a festival's volunteer plan and board (volunteer coordinators, admins:
 * `manage_volunteers`), with the door's live count on its Door tab.
 */
export default function VolunteerBoardRoute() {
  return (
    <AdminEventPage allow={['manage_volunteers']}>
      {(event) => <VolunteerBoardPage event={event} doorCount={<DoorCount eventId={event.id} />} />}
    </AdminEventPage>
  );
}
