import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink, useParams } from 'react-router';
import { RequirePermission } from '@/components/require-auth';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { useWalkInStatement } from '@/features/counter/api/counter';
import { StatementView } from '@/features/giving/components/statement-view';
import { ApiError } from '@/lib/api-client';

function Statement({ id, year }: { id: string; year: number }) {
  const { statement, error, isLoading, refresh } = useWalkInStatement(id, year);
  if (isLoading) return <PageSpinner label="Loading the statement" />;
  if (error instanceof ApiError && error.status === 404) return <Alert severity="warning">This walk-in was not found.</Alert>;
  if (error || !statement) {
    return <RetryAlert onRetry={() => void refresh()}>The statement could not be loaded. Please try again.</RetryAlert>;
  }
  return <StatementView statement={statement} />;
}

/**
 * /counter/walk-ins/:id/statements/:year: a walk-in's printable giving statement for a year, every
 * gift on their donor record (`counter`); signed-out visitors go to /sign-in, anyone else to /.
 */
export default function WalkInStatementRoute() {
  const { id = '', year = '' } = useParams();
  const parsed = Number.parseInt(year, 10);
  return (
    <RequirePermission permission="counter">
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <Button className="no-print" component={RouterLink} to={paths.counter.getHref()} startIcon={<ArrowBack />} sx={{ ml: -1, mb: 1 }}>
          Counter
        </Button>
        <Statement key={`${id}/${parsed}`} id={id} year={parsed} />
      </Container>
    </RequirePermission>
  );
}
