import { SignInSheet } from '@/features/event-management/components/sign-in-sheet';
import { AdminEventPage } from '../flows/admin-event-page';

/** /admin/events/:id/sign-in-sheet (admins): printable. */
export default function EventSignInSheetRoute() {
  return <AdminEventPage>{(event) => <SignInSheet event={event} />}</AdminEventPage>;
}
