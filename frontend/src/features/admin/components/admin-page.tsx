import ArrowBack from '@mui/icons-material/ArrowBack';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { DonationTypesTab } from './donation-types-tab';
import { MembersTab, type MemberActivityRenderer } from './members-tab';
import { PaymentSettingsTab } from './payment-settings-tab';
import { PaymentsTab } from './payments-tab';
import { SevasTab } from './sevas-tab';
import { TempleTab } from './temple-tab';
import { UserManagement } from './user-management';

const tabs = [
  { value: 'users', label: 'User Management' },
  { value: 'members', label: 'Members' },
  { value: 'donation-types', label: 'Donation Types' },
  { value: 'payment-settings', label: 'Payment Settings' },
  { value: 'payments', label: 'Payments' },
  { value: 'sevas', label: 'Sevas' },
  { value: 'temple', label: 'Temple' },
] as const;

type TabValue = (typeof tabs)[number]['value'];

/**
 * /admin: user management, the member directory, donation types, payment settings, payments and
 * the temple's content (the tab is in ?tab=). `renderMemberActivity` shows a member's
 * registrations and volunteering in the directory (composed by the page from those features).
 */
export function AdminPage({ renderMemberActivity }: { renderMemberActivity?: MemberActivityRenderer }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = tabs.some((t) => t.value === requested) ? (requested as TabValue) : 'users';

  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2, ml: -1 }}>
        <Button component={RouterLink} to={paths.home.getHref()} startIcon={<ArrowBack />}>
          Back to Home
        </Button>
        <Button component={RouterLink} to={paths.events.getHref()} startIcon={<EventOutlined />}>
          Events
        </Button>
      </Box>
      <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
        Admin Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Manage admins, members, donation options, payment methods, payments, sevas and the temple's own content.
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_, v: TabValue) => setParams(v === 'users' ? {} : { tab: v }, { replace: true })}
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
        {tab === 'members' ? <MembersTab renderMemberActivity={renderMemberActivity} /> : null}
        {tab === 'donation-types' ? <DonationTypesTab /> : null}
        {tab === 'payment-settings' ? <PaymentSettingsTab /> : null}
        {tab === 'payments' ? <PaymentsTab /> : null}
        {tab === 'sevas' ? <SevasTab /> : null}
        {tab === 'temple' ? <TempleTab /> : null}
      </Box>
    </Container>
  );
}
