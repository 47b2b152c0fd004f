import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink, useParams } from 'react-router';
import { RequireAuth } from '@/components/require-auth';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { downloadMyStatementPdf, useMyStatement } from '@/features/giving/api/my-donations';
import { StatementView } from '@/features/giving/components/statement-view';
import { t } from './i18n';

function Statement({ year }: { year: number }) {
  const { statement, error, isLoading, refresh } = useMyStatement(year);
  if (isLoading) return <PageSpinner label={t('page.statement.loading')} />;
  if (error || !statement) {
    return <RetryAlert onRetry={() => void refresh()}>{t('page.statement.failed')}</RetryAlert>;
  }
  return <StatementView statement={statement} downloadPdf={() => downloadMyStatementPdf(statement.year)} />;
}

/** /my-donations/statements/:year: the member's printable giving statement for a year. */
export default function MyStatementRoute() {
  const { year = '' } = useParams();
  const parsed = Number.parseInt(year, 10);
  return (
    <RequireAuth>
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <Button className="no-print" component={RouterLink} to={paths.myDonations.getHref()} startIcon={<ArrowBack />} sx={{ ml: -1, mb: 1 }}>
          {t('page.statement.back')}
        </Button>
        <Statement year={parsed} />
      </Container>
    </RequireAuth>
  );
}
