import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatUSD } from '@/lib/format';
import type { LedgerTotals, PaymentTotals } from '@/types/api';

function TotalsTable({ title, rows }: { title: string; rows: { key: string; label: string; amount: string | number; count: number }[] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No payments yet.
        </Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell align="right">Payments</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.key}>
                <TableCell>{r.label}</TableCell>
                <TableCell align="right">{r.count}</TableCell>
                <TableCell align="right">{formatUSD(r.amount)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

export function Totals({ totals }: { totals: PaymentTotals }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' }, mb: 3 }}>
      <TotalsTable
        title="Totals by donation type"
        rows={(totals.byDonationType ?? []).map((t) => ({ key: t.name, label: t.name, amount: t.amount, count: t.count }))}
      />
      <TotalsTable
        title="Totals by event"
        rows={(totals.byEvent ?? []).map((t) => ({
          key: t.eventId ?? 'direct',
          label: t.eventName ?? 'Direct donations',
          amount: t.amount,
          count: t.count,
        }))}
      />
    </Box>
  );
}

/** The totals of everything the filters match (every page). */
export function LedgerSummary({ totals }: { totals: LedgerTotals }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite" data-testid="ledger-totals">
      {totals.count} {totals.count === 1 ? 'payment' : 'payments'} · {formatUSD(totals.received)} received ({totals.receivedCount}) ·{' '}
      {formatUSD(totals.pending)} pending · {formatUSD(totals.refunded)} refunded
      {Number.parseFloat(totals.test) > 0 ? ` · ${formatUSD(totals.test)} in test payments, not counted` : null}
    </Typography>
  );
}

