import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { SevaList } from '@/features/sevas/components/seva-list';
import { t } from './i18n';

/** /sevas: the temple's sevas and pujas open for booking. */
export default function SevasRoute() {
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
        {t('page.sevas.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4, maxWidth: 720 }}>
        {t('page.sevas.intro')}
      </Typography>
      <SevaList />
    </Container>
  );
}
