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
import { t } from '../i18n';
import { MyPledges } from './my-pledges';

type StatusKey = 'giving.status.pending' | 'giving.status.completed' | 'giving.status.failed' | 'giving.status.refunded' | 'giving.status.expired';

/** Each status's label (its message, read at render) and colour. */
const statusLabels: Record<string, { label: StatusKey; color: 'default' | 'success' | 'error' | 'warning' | 'info' }> = {
  pending: { label: 'giving.status.pending', color: 'warning' },
  completed: { label: 'giving.status.completed', color: 'success' },
  failed: { label: 'giving.status.failed', color: 'error' },
  refunded: { label: 'giving.status.refunded', color: 'info' },
  expired: { label: 'giving.status.expired', color: 'default' },
};

/** A payment method's name: Card, Zelle, PayPal, Cash, Check or Split. */
const methodLabel = (method: Payment['paymentMethod']) => t('giving.method', { method });

function YearTotals({ years }: { years: YearTotal[] }) {
  if (years.length === 0) return null;
  return (
    <Box component="section" aria-label={t('giving.years.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3 }}>
      {years.map((y) => (
        <Paper key={y.year} variant="outlined" sx={{ p: 2, minWidth: 180 }} data-testid={`year-${y.year}`}>
          <Typography variant="overline" color="text.secondary">
            {y.year}
          </Typography>
          <Typography variant="h6" component="p">
            {formatUSD(y.amount)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('giving.years.gifts', { count: y.count })}
            {y.testCount > 0 ? ` · ${t('giving.years.test', { amount: formatUSD(y.testAmount) })}` : null}
          </Typography>
          <Link component={RouterLink} to={paths.myStatement.getHref(y.year)} variant="body2">
            {t('giving.years.statement', { year: String(y.year) })}
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
      toast({ title: t('giving.downloadFailed'), description: errorMessage(err, t('giving.downloadFailedText')), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  }

  if (isLoading) {
    return (
      <PageSpinner label={t('giving.loading')} />
    );
  }
  if (error) {
    return (
      <RetryAlert onRetry={() => void refresh()}>
      {t('giving.loadFailed')}
      </RetryAlert>
    );
  }
  if (!payments || payments.length === 0) {
    return (
      <Box sx={{ py: 4, textAlign: 'center' }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('giving.empty')}
        </Typography>
        <Button component={RouterLink} to={paths.donate.getHref()} variant="contained">
          {t('giving.donate')}
        </Button>
      </Box>
    );
  }
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button startIcon={<Download />} variant="outlined" onClick={() => void download()} disabled={downloading}>
          {t('giving.csv')}
        </Button>
      </Box>
      <YearTotals years={years ?? []} />
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('giving.table')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('giving.col.date')}</TableCell>
              <TableCell>{t('giving.col.for')}</TableCell>
              <TableCell>{t('giving.col.method')}</TableCell>
              <TableCell align="right">{t('giving.col.amount')}</TableCell>
              <TableCell>{t('giving.col.status')}</TableCell>
              <TableCell>{t('giving.col.receipt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {payments.map((p) => {
              const known = statusLabels[p.status];
              const status = known ? { label: t(known.label), color: known.color } : { label: p.status, color: 'default' as const };
              return (
                <TableRow key={p.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(p.paymentDate)}</TableCell>
                  <TableCell>
                    {p.eventName ?? t('giving.direct')}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {p.donationDetails.map((d) => d.name).join(', ')}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {methodLabel(p.paymentMethod)}
                    {p.channel === 'counter' ? ` · ${t('giving.channel.counter')}` : null}
                    {p.channel === 'imported' ? ` · ${t('giving.channel.imported')}` : null}
                    {p.isTest ? <Chip size="small" label={t('giving.test')} color="warning" variant="outlined" sx={{ ml: 0.75 }} /> : null}
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
