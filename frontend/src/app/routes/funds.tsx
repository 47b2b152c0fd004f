import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { FundList } from '@/features/funds/components/fund-list';
import { t } from './i18n';

/** /funds: the temple's funds open for gifts, each with what it has raised. */
export default function FundsRoute() {
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <Typography component="h1" variant="h3" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
        {t('page.funds.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 4, maxWidth: 720 }}>
        {t.rich('page.funds.intro', {
          link: (chunks) => (
            <Link component={RouterLink} to={paths.donate.getHref()}>
              {chunks}
            </Link>
          ),
        })}
      </Typography>
      <FundList />
    </Container>
  );
}
