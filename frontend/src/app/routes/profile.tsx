import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RequireAuth } from '@/components/require-auth';
import { SimpleTabs } from '@/components/ui/tabs';
import { ProfileCard } from '@/features/profile/components/profile-card';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { useAuth } from '@/lib/auth';

function ProfileContent() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="h1" variant="h3" sx={{ mb: 4, fontSize: { xs: '2rem', md: '2.75rem' } }}>
        My Profile
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(260px, 1fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <ProfileCard user={user} />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <SimpleTabs
            id="profile"
            label="Profile sections"
            items={[
              { value: 'edit', label: 'Edit Profile', content: <ProfileForm key={user.id} user={user} /> },
              {
                value: 'events',
                label: 'My Events',
                content: <Typography color="text.secondary">You haven&apos;t registered for any events yet.</Typography>,
              },
              {
                value: 'settings',
                label: 'Account Settings',
                content: (
                  <Typography color="text.secondary">
                    Account settings such as password changes and notification preferences will be available in a future
                    update.
                  </Typography>
                ),
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
