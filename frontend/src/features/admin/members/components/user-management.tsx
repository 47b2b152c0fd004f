import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EventOutlined from '@mui/icons-material/EventOutlined';
import VolunteerActivismOutlined from '@mui/icons-material/VolunteerActivismOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSWRConfig } from 'swr';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { removeAdmin, setAdmin } from '../api/admin-users';
import { STAFF_PATH } from '../api/staff';
import { adminEmailSchema } from '../schemas';
import { StaffSection } from './staff-section';

function validEmail(value: string): string | null {
  try {
    adminEmailSchema.validateSync(value);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/** Grant or remove admin rights by e-mail, and below it every staff member's roles. */
export function UserManagement() {
  const { toast } = useToast();
  const { user, refreshUser } = useAuth();
  const { mutate } = useSWRConfig();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'grant' | 'remove' | null>(null);

  async function grant(e?: FormEvent) {
    e?.preventDefault();
    const problem = validEmail(email);
    setError(problem);
    if (problem) return;
    const address = email.trim();
    setBusy('grant');
    try {
      await setAdmin(address);
      toast({ title: 'Admin privileges granted', description: `User ${address} has been granted admin privileges` });
      setEmail('');
      void mutate(STAFF_PATH);
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to set admin privileges. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    // Remove validates first and does nothing when the address is invalid.
    const problem = validEmail(email);
    setError(problem);
    if (problem) return;
    const address = email.trim();
    setBusy('remove');
    try {
      await removeAdmin(address);
      toast({ title: 'Admin privileges removed', description: `Admin privileges have been removed from ${address}` });
      setEmail('');
      void mutate(STAFF_PATH);
      if (user && user.email.toLowerCase() === address.toLowerCase()) void refreshUser();
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to remove admin privileges. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  const guide = [
    { icon: <EventOutlined />, primary: 'Manage events', secondary: 'Create, edit and delete events from the Events page.', to: paths.events.getHref() },
    { icon: <VolunteerActivismOutlined />, primary: 'Set up donation options', secondary: 'Add and edit donation types with default amounts in the Donation Types tab.' },
    { icon: <ManageAccountsOutlined />, primary: 'Grant admin privileges', secondary: "Enter a member's e-mail here to grant or remove admin access." },
    { icon: <PaymentsOutlined />, primary: 'Configure payment methods', secondary: 'Turn card and Zelle payments on or off in the Payment Settings tab.' },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '3fr 2fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="admin-users-heading">
          <Typography id="admin-users-heading" component="h2" variant="h6" gutterBottom>
            Manage Admin Users
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Admins can manage events, donation types, payment methods and other admins. The person must already have an
            account.
          </Typography>
          <Box component="form" noValidate onSubmit={(e) => void grant(e)} sx={{ display: 'grid', gap: 2 }}>
            <TextField
              id="admin-email"
              label="User email"
              type="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (error) setError(validEmail(e.target.value));
              }}
              error={Boolean(error)}
              helperText={error ?? ' '}
              autoComplete="off"
              fullWidth
            />
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" startIcon={<AdminPanelSettingsOutlined />} disabled={busy !== null}>
                {busy === 'grant' ? 'Granting...' : 'Grant Admin'}
              </Button>
              <Button
                variant="outlined"
                color="error"
                startIcon={<PersonRemoveOutlined />}
                onClick={() => void remove()}
                disabled={busy !== null}
              >
                {busy === 'remove' ? 'Removing...' : 'Remove Admin'}
              </Button>
            </Box>
          </Box>
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="admin-guide-heading">
          <Typography id="admin-guide-heading" component="h2" variant="h6">
            What admins can do
          </Typography>
          <List dense>
            {guide.map((g) => (
              <ListItem key={g.primary} disableGutters alignItems="flex-start">
                <ListItemIcon sx={{ minWidth: 40, mt: 0.5, color: 'primary.main' }}>{g.icon}</ListItemIcon>
                <ListItemText
                  primary={
                    g.to ? (
                      <Link component={RouterLink} to={g.to}>
                        {g.primary}
                      </Link>
                    ) : (
                      g.primary
                    )
                  }
                  secondary={g.secondary}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      </Box>
      <StaffSection />
    </Box>
  );
}
