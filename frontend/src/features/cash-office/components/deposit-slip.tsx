import ArrowBack from '@mui/icons-material/ArrowBack';
import LocalPrintshopOutlined from '@mui/icons-material/LocalPrintshopOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LoadingRegion } from '@/components/ui/loading-region';
import { PrintStyles } from '@/components/ui/print-styles';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDeposit } from '../api/deposits';
import { SlipActions } from './slip-actions';
import { SlipSheet } from './slip-sheet';

/**
 * /deposits/:id: the deposit slip to take to the bank (the temple's name, the number and day, the
 * cash and every check, the totals) with Print, and while the bank has not cleared it, Mark cleared
 * and Take apart. Only the slip is printed.
 */
export function DepositSlip({ id }: { id: string }) {
  const navigate = useNavigate();
  const { deposit, error, isLoading, refresh } = useDeposit(id);

  let content;
  if (isLoading) {
    content = (
      <LoadingRegion label="Loading the deposit slip">
        <Skeleton variant="rounded" height={480} />
      </LoadingRegion>
    );
  } else if (error instanceof ApiError && error.status === 404) {
    content = <Alert severity="info">This deposit is not here any more: it may have been taken apart.</Alert>;
  } else if (error || !deposit) {
    content = <RetryAlert onRetry={() => void refresh()}>The deposit could not be loaded.</RetryAlert>;
  } else {
    content = (
      <>
        <PrintStyles />
        <SlipActions deposit={deposit} onTakenApart={() => navigate(paths.deposits.getHref(), { replace: true })}>
          <Button variant="contained" startIcon={<LocalPrintshopOutlined />} onClick={() => window.print()}>
            Print
          </Button>
        </SlipActions>
        <SlipSheet deposit={deposit} />
      </>
    );
  }

  return (
    <Container sx={{ py: { xs: 2, md: 4 }, display: 'grid', gap: 2 }} maxWidth="md">
      <Box className="no-print" sx={{ ml: -1 }}>
        <Button component={RouterLink} to={paths.deposits.getHref()} startIcon={<ArrowBack />}>
          All deposits
        </Button>
      </Box>
      {content}
    </Container>
  );
}
