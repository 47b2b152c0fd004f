import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatUSD } from '@/lib/format';
import type { FundTotal, LedgerTotals, PaymentTotals } from '@/types/api';

type TotalsRow = { key: string; label: string; amount: string | number; count: number };

function RowsTable({ label, rows }: { label: string; rows: TotalsRow[] }) {
  return (
    <Table size="small" aria-label={label}>
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
  );
}

/**
 * Money received per fund, net of refunds: the funds given for any purpose, then the restricted
 * funds (given for one purpose only) in a group of their own.
 */
function FundTotals({ byFund }: { byFund: FundTotal[] }) {
  const row = (t: FundTotal): TotalsRow => ({ key: t.fundId, label: t.name, amount: t.amount, count: t.count });
  const open = byFund.filter((t) => !t.restricted).map(row);
  const restricted = byFund.filter((t) => t.restricted).map(row);
  return (
    <Paper variant="outlined" sx={{ p: 2, gridColumn: { md: '1 / -1' } }} component="section" aria-labelledby="totals-by-fund-heading">
      <Typography id="totals-by-fund-heading" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Totals by fund
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Received net of refunds.
      </Typography>
      {byFund.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No payments yet.
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { md: restricted.length > 0 ? '1fr 1fr' : '1fr' } }}>
          {open.length > 0 && restricted.length > 0 ? (
            <Box component="section" aria-labelledby="unrestricted-funds-heading">
              <Typography id="unrestricted-funds-heading" component="h4" variant="subtitle2" sx={{ fontWeight: 600 }}>
                Unrestricted funds
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
                For any of the temple&apos;s needs.
              </Typography>
              <RowsTable label="Totals by fund" rows={open} />
            </Box>
          ) : open.length > 0 ? (
            <RowsTable label="Totals by fund" rows={open} />
          ) : null}
          {restricted.length > 0 ? (
            <Box component="section" aria-labelledby="restricted-funds-heading">
              <Typography id="restricted-funds-heading" component="h4" variant="subtitle2" sx={{ fontWeight: 600, color: 'secondary.main' }}>
                Restricted funds
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
                Given for one purpose only.
              </Typography>
              <RowsTable label="Restricted funds" rows={restricted} />
            </Box>
          ) : null}
        </Box>
      )}
    </Paper>
  );
}

function TotalsTable({ title, rows }: { title: string; rows: TotalsRow[] }) {
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
        <RowsTable label={title} rows={rows} />
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
      <FundTotals byFund={totals.byFund ?? []} />
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

