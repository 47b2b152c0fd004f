import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import PointOfSaleOutlined from '@mui/icons-material/PointOfSaleOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { eventStaffPermissions, useAuth } from '@/lib/auth';
import { AuditTab } from '../audit/components/audit-tab';
import { FundsTab } from '../funds/components/funds-tab';
import { DonationTypesTab } from '../ledger/components/donation-types-tab';
import { PaymentSettingsTab } from '../ledger/components/payment-settings-tab';
import { PaymentsTab } from '../ledger/components/payments-tab';
import { MembersTab, type MemberActivityRenderer } from '../members/components/members-tab';
import { UserManagement } from '../members/components/user-management';
import { PledgesTab } from '../pledges/components/pledges-tab';
import { RecurringGiftsTab } from '../recurring-gifts/components/recurring-gifts-tab';
import { SevasTab } from '../sevas/components/sevas-tab';
import { TempleTab } from '../temple/components/temple-tab';
import { TextingTab } from '../texting/components/texting-tab';
import { chooseTab, describeAccess, visibleTabs, type AdminTabValue } from './admin-tabs';

/** For staff whose work has no tab here (a volunteer coordinator): where that work is. */
function WorkElsewhere() {
  const { can } = useAuth();
  const events = eventStaffPermissions.some(can);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }} component="section" aria-labelledby="admin-elsewhere-heading">
      <Typography id="admin-elsewhere-heading" component="h2" variant="h6" gutterBottom>
        Where your work is
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {events
          ? "You work from each event's page: open an event from the Events page, and its Admin Tools show what your role allows, such as the volunteers who signed up and the check-in at the door."
          : 'Nothing in the admin area needs your role yet.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {events ? (
          <Button component={RouterLink} to={paths.events.getHref()} variant="contained" startIcon={<EventOutlined />}>
            Go to Events
          </Button>
        ) : null}
        {can('own_sevas') ? (
          <Button component={RouterLink} to={paths.mySevas.getHref()} variant="outlined" startIcon={<AutoStoriesOutlined />}>
            My Sevas
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}

/**
 * /admin: the staff's work, one tab per area the account's permissions allow (the tab is in
 * ?tab=; without one, or with one the account may not see, its first tab). A priest with no tab
 * here goes to their own sevas. `renderMemberActivity` shows a member's registrations and
 * volunteering in the directory (composed by the page from those features); `festivals` is the
 * Temple tab's festivals section (from the festivals feature).
 */
export function AdminPage({ renderMemberActivity, festivals }: { renderMemberActivity?: MemberActivityRenderer; festivals?: ReactNode }) {
  const { can } = useAuth();
  const [params, setParams] = useSearchParams();
  const tabs = visibleTabs(can);
  const tab = chooseTab(tabs, params.get('tab'));
  const defaultTab = tabs[0]?.value;

  if (tab === null && can('own_sevas') && !eventStaffPermissions.some(can)) {
    return <Navigate to={paths.mySevas.getHref()} replace />;
  }

  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2, ml: -1 }}>
        <Button component={RouterLink} to={paths.home.getHref()} startIcon={<ArrowBack />}>
          Back to Home
        </Button>
        <Button component={RouterLink} to={paths.events.getHref()} startIcon={<EventOutlined />}>
          Events
        </Button>
        {can('seva_desk') ? (
          <Button component={RouterLink} to={paths.sevaSchedule.getHref()} startIcon={<EventNoteOutlined />}>
            Seva schedule
          </Button>
        ) : null}
        {can('counter') ? (
          <Button component={RouterLink} to={paths.counter.getHref()} startIcon={<PointOfSaleOutlined />}>
            Counter
          </Button>
        ) : null}
        {can('count_collections') ? (
          <>
            <Button component={RouterLink} to={paths.collections.getHref()} startIcon={<SavingsOutlined />}>
              Hundi counts
            </Button>
            <Button component={RouterLink} to={paths.checks.getHref()} startIcon={<ReceiptLongOutlined />}>
              Checks
            </Button>
          </>
        ) : null}
        {can('make_deposits') ? (
          <Button component={RouterLink} to={paths.deposits.getHref()} startIcon={<AccountBalanceOutlined />}>
            Deposits
          </Button>
        ) : null}
        {can('read_daily_report') ? (
          <Button component={RouterLink} to={paths.dailyReport.getHref()} startIcon={<AssessmentOutlined />}>
            Daily report
          </Button>
        ) : null}
        {can('read_ledger') ? (
          <Button component={RouterLink} to="/admin/reports" startIcon={<InsightsOutlined />}>
            Reports
          </Button>
        ) : null}
        {can('export_finances') || can('manage_funds') || can('read_ledger') ? (
          <Button component={RouterLink} to="/admin/accounting" startIcon={<AccountBalanceWalletOutlined />}>
            Accounting
          </Button>
        ) : null}
        {can('import_data') ? (
          <Button component={RouterLink} to={paths.adminImport.getHref()} startIcon={<UploadFileOutlined />}>
            Import members or gifts
          </Button>
        ) : null}
      </Box>
      <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
        Admin Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {describeAccess(can)}
      </Typography>
      {tab === null ? (
        <WorkElsewhere />
      ) : (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
            <Tabs
              value={tab}
              onChange={(_, v: AdminTabValue) => setParams(v === defaultTab ? {} : { tab: v }, { replace: true })}
              variant="scrollable"
              scrollButtons="auto"
              allowScrollButtonsMobile
              aria-label="Admin sections"
            >
              {tabs.map((t) => (
                <Tab key={t.value} value={t.value} label={t.label} id={`admin-tab-${t.value}`} aria-controls={`admin-panel-${t.value}`} />
              ))}
            </Tabs>
          </Box>
          <Box role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
            {tab === 'users' ? <UserManagement /> : null}
            {tab === 'payments' ? <PaymentsTab /> : null}
            {tab === 'funds' ? <FundsTab /> : null}
            {tab === 'pledges' ? <PledgesTab /> : null}
            {tab === 'recurring-gifts' ? <RecurringGiftsTab /> : null}
            {tab === 'donation-types' ? <DonationTypesTab /> : null}
            {tab === 'payment-settings' ? <PaymentSettingsTab /> : null}
            {tab === 'members' ? <MembersTab renderMemberActivity={renderMemberActivity} /> : null}
            {tab === 'sevas' ? <SevasTab /> : null}
            {tab === 'temple' ? <TempleTab festivals={festivals} /> : null}
            {tab === 'texting' ? <TextingTab /> : null}
            {tab === 'audit' ? <AuditTab /> : null}
          </Box>
        </>
      )}
    </Container>
  );
}
