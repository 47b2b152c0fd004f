import { useParams } from 'react-router';
import { DoorDesk } from '@/features/door-desk/components/door-desk';
import { useMyDoorDuties } from '@/features/volunteer-shifts/api/door-duty';
import { useAuth } from '@/lib/auth';
import { AdminEventPage } from '../flows/admin-event-page';

/**
 * /events/:id/check-in: the check-in desk, for door duty (the front desk, volunteer coordinators
 * and admins on every event; a member a coordinator put on this event's door, on this one). The
 * server decides.
 */
export default function EventCheckInRoute() {
  const { id = '' } = useParams();
  const { user, can } = useAuth();
  const { duties, isLoading } = useMyDoorDuties(user !== null && !can('door_duty'));
  const granted = duties?.some((d) => d.eventId === id) ?? false;
  return (
    <AdminEventPage allow={['door_duty']} granted={granted} pending={isLoading}>
      {(event) => <DoorDesk event={event} />}
    </AdminEventPage>
  );
}
