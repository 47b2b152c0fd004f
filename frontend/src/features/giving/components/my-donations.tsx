import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatUSD } from '@/lib/format';
import type { Payment, YearTotal } from '@/types/api';
import { downloadMyDonations, receiptHref, useMyPayments, useMyYearTotals } from '../api/my-donations';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RetryAlert } from '@/components/ui/retry-alert';
import { MyPledges } from './my-pledges';

const statusLabels: Record<string, { label: string; color: 'default' | 'success' | 'error' | 'warning' | 'info' }> = {
  pending: { label: 'Pending', color: 'warning' },
  completed: { label: 'Completed', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  refunded: { label: 'Refunded', color: 'info' },
  expired: { label: 'Expired', color: 'default' },
};

const methodLabels: Record<Payment['paymentMethod'], string> = {
  credit_card: 'Card',
  zelle: 'Zelle',
  paypal: 'PayPal',
  cash: 'Cash',
  check: 'Check',
  split: 'Split',
};

function YearTotals({ years }: { years: YearTotal[] }) {
  if (years.length === 0) return null;
  return (
    <Box component="section" aria-label="Totals per year" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3 }}>
      {years.map((y) => (
        <Paper key={y.year} variant="outlined" sx={{ p: 2, minWidth: 180 }} data-testid={`year-${y.year}`}>
          <Typography variant="overline" color="text.secondary">
            {y.year}
          </Typography>
          <Typography variant="h6" component="p">
            {formatUSD(y.amount)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {y.count} {y.count === 1 ? 'gift' : 'gifts'}
            {y.testCount > 0 ? ` · ${formatUSD(y.testAmount)} in test payments` : null}
          </Typography>
          <Link component={RouterLink} to={paths.myStatement.getHref(y.year)} variant="body2">
            {`Statement ${y.year}`}
          </Link>
        </Paper>
      ))}
    </Box>
  );
}

/** The member's gifts: totals per year, each gift with its status and receipt, and a CSV download. */
function DonationHistory() {
  const { toast } = useToast();
  const { payments, error, isLoading, refresh } = useMyPayments();
  const { years } = useMyYearTotals();
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadMyDonations();
    } catch (err) {
      toast({ title: 'Download failed', description: errorMessage(err, 'Your donations could not be downloaded'), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  }

  if (isLoading) {
    return (
      <PageSpinner label="Loading your donations" />
    );
  }
  if (error) {
    return (
      <RetryAlert onRetry={() => void refresh()}>
      Your donations could not be loaded. Please try again.
      </RetryAlert>
    );
  }
  if (!payments || payments.length === 0) {
    return (
      <Box sx={{ py: 4, textAlign: 'center' }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          You have not made any donations yet.
        </Typography>
        <Button component={RouterLink} to={paths.donate.getHref()} variant="contained">
          Donate
        </Button>
      </Box>
    );
  }
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button startIcon={<Download />} variant="outlined" onClick={() => void download()} disabled={downloading}>
          Download CSV
        </Button>
      </Box>
      <YearTotals years={years ?? []} />
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="My donations">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>For</TableCell>
              <TableCell>Method</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Receipt</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {payments.map((p) => {
              const status = statusLabels[p.status] ?? { label: p.status, color: 'default' as const };
              return (
                <TableRow key={p.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(p.paymentDate)}</TableCell>
                  <TableCell>
                    {p.eventName ?? 'Direct donation'}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {p.donationDetails.map((d) => d.name).join(', ')}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {methodLabels[p.paymentMethod]}
                    {p.channel === 'counter' ? ' · at the temple' : null}
                    {p.channel === 'imported' ? ' · imported from earlier records' : null}
                    {p.isTest ? <Chip size="small" label="Test" color="warning" variant="outlined" sx={{ ml: 0.75 }} /> : null}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {formatUSD(p.amount)}
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={status.label} color={status.color} />
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                    {p.receiptNumber && p.status === 'completed' ? (
                      <Link component={RouterLink} to={receiptHref(p.receiptNumber)}>
                        {p.receiptNumber}
                      </Link>
                    ) : (
                      (p.receiptNumber ?? '—')
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/**
 * The member's giving: their gifts, then `recurring` (their recurring gifts, from another feature,
 * composed by the page), then their pledges.
 */
export function MyDonations({ recurring }: { recurring?: ReactNode }) {
  return (
    <>
      <DonationHistory />
      {recurring}
      <MyPledges />
    </>
  );
}
