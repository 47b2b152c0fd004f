import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RequireAuth } from '@/components/require-auth';
import { SimpleTabs } from '@/components/ui/tabs';
import { AccountSettings } from '@/features/account/components/account-settings';
import { SignOutEverywhereSection } from '@/features/auth/components/sign-out-everywhere';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { HouseholdSection } from '@/features/households/components/household-section';
import { FamilyMembersSection } from '@/features/sevas/components/family-members-section';
import { StarBirthdays } from '@/features/star-birthdays/components/star-birthdays';
import { useSearchParams } from 'react-router';
import { useAuth } from '@/lib/auth';
import { t } from './i18n';

const TABS = ['edit', 'family', 'household', 'stars', 'events', 'settings'];

function ProfileContent() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const tab = params.get('tab');
  const emailChanged = params.get('emailChanged');
  if (!user) return null;
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="h1" variant="h3" sx={{ mb: 4, fontSize: { xs: '2rem', md: '2.75rem' } }}>
        {t('page.profile.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(260px, 1fr) minmax(0, 2.5fr)' }, alignItems: 'start' }}>
        <ProfileCard user={user} />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <SimpleTabs
            id="profile"
            label={t('page.profile.sections')}
            initial={tab && TABS.includes(tab) ? tab : undefined}
            items={[
              { value: 'edit', label: t('page.profile.edit'), content: <ProfileForm key={user.id} user={user} /> },
              { value: 'family', label: t('page.profile.family'), content: <FamilyMembersSection /> },
              // The household invitation e-mail links here (/profile?tab=household).
              { value: 'household', label: t('page.profile.household'), content: <HouseholdSection /> },
              // The star-day reminder e-mail links here (/profile?tab=stars).
              { value: 'stars', label: t('page.profile.stars'), content: <StarBirthdays /> },
              {
                value: 'events',
                label: t('page.profile.events'),
                content: <Typography color="text.secondary">{t('page.profile.noEvents')}</Typography>,
              },
              {
                value: 'settings',
                label: t('page.profile.settings'),
                content: <AccountSettings user={user} emailChanged={emailChanged} after={<SignOutEverywhereSection />} />,
              },
            ]}
          />
        </Paper>
      </Box>
    </Container>
  );
}

export default function ProfileRoute() {
  return (
    <RequireAuth>
      <ProfileContent />
    </RequireAuth>
  );
}
