import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { SevaList } from '@/features/sevas/components/seva-list';

/** /sevas: the temple's sevas and pujas open for booking. */
export default function SevasRoute() {
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
        Sevas &amp; Pujas
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4, maxWidth: 720 }}>
        Book an archana, abhishekam, vratam or homam at the temple, or a priest at your home. Choose a date, name the people
        for the sankalpam, and pay online.
      </Typography>
      <SevaList />
    </Container>
  );
}
