import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { RequireAuth } from '@/components/require-auth';
import { SimpleTabs } from '@/components/ui/tabs';
import {
  MyRegistrationsList,
  MyRegistrationsPreview,
  UpcomingEventsGrid,
  UpcomingEventsPreview,
} from '@/features/events/components/dashboard-events';
import { MyDonations } from '@/features/giving/components/my-donations';
import { CancelRegistrationButton } from '@/features/registrations/components/cancel-registration-button';
import { MyVolunteeringList } from '@/features/volunteers/components/my-volunteering-list';
import { IdentityCard } from '@/features/profile/components/identity-card';
import { MySevas } from '@/features/sevas/components/my-sevas';
import { useAuth } from '@/lib/auth';
// After the features: the route's list of chunks in the entry keeps its order (docs/architecture.md#budgets).
import Skeleton from '@mui/material/Skeleton';
import { LoadingRegion } from '@/components/ui/loading-region';
import { t } from './i18n';

// The festival shifts' hours in a chunk of their own, loaded when the tab opens (docs/architecture.md#budgets).
const MyVolunteerHours = lazy(() =>
  import('@/features/volunteer-shifts/components/my-volunteer-hours').then((m) => ({ default: m.MyVolunteerHours })),
);

/** 'My Volunteering': the festival shifts with their hours, then the events volunteered for. */
function VolunteeringTab({ userId }: { userId: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Suspense
        fallback={
          <LoadingRegion label={t('page.dashboard.loadingHours')}>
            <Skeleton variant="rounded" height={160} />
          </LoadingRegion>
        }
      >
        <MyVolunteerHours />
      </Suspense>
      <MyVolunteeringList userId={userId} />
    </Box>
  );
}

function DashboardContent() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
        {t('page.dashboard.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
        {t('page.dashboard.welcome', { name: user.firstName })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, mb: 5 }}>
        <IdentityCard user={user} />
        <UpcomingEventsPreview />
        <MyRegistrationsPreview userId={user.id} />
      </Box>
      <SimpleTabs
        id="dashboard"
        label={t('page.dashboard.sections')}
        items={[
          { value: 'upcoming', label: t('page.dashboard.upcoming'), content: <UpcomingEventsGrid /> },
          {
            value: 'registrations',
            label: t('page.dashboard.registrations'),
            content: (
              <MyRegistrationsList userId={user.id} renderActions={({ event }) => <CancelRegistrationButton event={event} />} />
            ),
          },
          { value: 'volunteering', label: t('page.dashboard.volunteering'), content: <VolunteeringTab userId={user.id} /> },
          { value: 'sevas', label: t('page.dashboard.sevas'), content: <MySevas /> },
          { value: 'donations', label: t('page.dashboard.donations'), content: <MyDonations /> },
        ]}
      />
    </Container>
  );
}

export default function DashboardRoute() {
  return (
    <RequireAuth>
      <DashboardContent />
    </RequireAuth>
  );
}
