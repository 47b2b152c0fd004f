import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { RequireAuth } from '@/components/require-auth';
import { MyDonations } from '@/features/giving/components/my-donations';

export default function MyDonationsRoute() {
  return (
    <RequireAuth>
      <Container sx={{ py: { xs: 3, md: 5 } }}>
        <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, mb: 3 }}>
          My Donations
        </Typography>
        <MyDonations />
      </Container>
    </RequireAuth>
  );
}
