import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { t } from './i18n';

export default function NotFoundRoute() {
  return (
    <Container maxWidth="sm" sx={{ py: 12, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('page.notFound.title')}
      </Typography>
      <Typography color="text.secondary">{t('page.notFound.text')}</Typography>
    </Container>
  );
}
