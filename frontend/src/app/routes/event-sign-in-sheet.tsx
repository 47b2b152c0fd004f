import { SignInSheet } from '@/features/event-management/components/sign-in-sheet';
import { AdminEventPage } from '../flows/admin-event-page';

/** /admin/events/:id/sign-in-sheet (the attendees' list: front desk, admins): printable. */
export default function EventSignInSheetRoute() {
  return <AdminEventPage allow={['read_attendees']}>{(event) => <SignInSheet event={event} />}</AdminEventPage>;
}
