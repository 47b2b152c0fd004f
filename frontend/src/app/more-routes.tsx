import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { ACCOUNTING_PATH, REPORTS_PATH } from '@/config/more-paths';
import { paths } from '@/config/paths';
import NotFound from './routes/not-found';

// The routes the entry does not list, matched here before the 404 page: pages added once the
// entry's budget was full (docs/architecture.md#budgets). A route in the entry's tables costs
// every first visit its table entry and its list of chunks to preload; here it costs nothing
// until a path the entry does not know is visited. Each page is still a chunk of its own.
const DonateMonthly = lazy(() => import('./routes/donate-monthly'));
const RecurringGift = lazy(() => import('./routes/recurring-gift'));
const VolunteerBoard = lazy(() => import('./routes/volunteer-board'));
// Moved here from the entry's table when festival volunteering (issue 33) put the entry over its budget.
const EventSignInSheet = lazy(() => import('./routes/event-sign-in-sheet'));
// Added here, not to the entry's table, for the entry's budget; the deposit slip (printed) moved here
// when the import page's shared chunks put the entry over it.
const AdminImport = lazy(() => import('./routes/admin-import'));
const DepositSlip = lazy(() => import('./routes/deposit-slip'));
// The books (issue 31), here for the entry's budget.
const AdminAccounting = lazy(() => import('./routes/admin-accounting'));
const AdminReports = lazy(() => import('./routes/admin-reports'));
// A staff invitation's page (opened from its e-mail, once per person) moved here from the entry's
// table when the reports page left the entry 8 bytes over its budget.
const StaffInvite = lazy(() => import('./routes/staff-invite'));

/**
 * The routes after the entry's own: recurring gifts' start page and a gift's own page, a festival's
 * volunteer board, an event's printable sign-in sheet, the admins' import page, a deposit's printable
 * slip, else 404.
 */
export default function MoreRoutes() {
  return (
    <Routes>
      <Route path={paths.donateMonthly.path} element={<DonateMonthly />} />
      <Route path={paths.recurringGift.path} element={<RecurringGift />} />
      <Route path={paths.volunteerBoard.path} element={<VolunteerBoard />} />
      <Route path={paths.eventSignInSheet.path} element={<EventSignInSheet />} />
      <Route path={paths.adminImport.path} element={<AdminImport />} />
      <Route path={paths.depositSlip.path} element={<DepositSlip />} />
      <Route path={ACCOUNTING_PATH} element={<AdminAccounting />} />
      <Route path={REPORTS_PATH} element={<AdminReports />} />
      <Route path={paths.staffInvite.path} element={<StaffInvite />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
