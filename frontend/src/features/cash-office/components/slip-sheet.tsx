import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useAppConfig } from '@/lib/app-config';
import { formatDate, formatTime, formatUSD } from '@/lib/format';
import { addressLines, useSite } from '@/lib/site';
import { formatDay } from '../lib/dates';
import type { Deposit } from '../types';
import { Facts } from './facts';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const foot = { fontWeight: 700, color: 'text.primary', fontSize: '0.95rem' } as const;

function Heading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography id={id} component="h2" variant="h6" sx={{ mt: 3, mb: 0.5 }}>
      {children}
    </Typography>
  );
}

/** The cash of the deposit: each closed drawer's count and each hundi count, and their total. */
function CashTable({ deposit }: { deposit: Deposit }) {
  const rows = [
    ...deposit.drawers.map((d) => ({ id: d.id, label: `Counter drawer, ${formatDay(d.day)}`, detail: `closed by ${d.closedByName}`, amount: d.counted })),
    ...deposit.collections.map((c) => ({ id: c.id, label: `Hundi: ${c.boxName}, ${formatDay(c.countedOn)}`, detail: c.fundName, amount: c.total })),
  ];
  if (rows.length === 0) return <Typography color="text.secondary">No cash in this deposit.</Typography>;
  return (
    <Table size="small" aria-labelledby="slip-cash">
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell component="th" scope="row" sx={{ pl: 0 }}>
              {r.label}
              <Typography variant="body2" color="text.secondary" component="span">{` · ${r.detail}`}</Typography>
            </TableCell>
            <TableCell align="right" sx={{ ...num, pr: 0 }}>
              {formatUSD(r.amount)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell component="th" scope="row" sx={{ ...foot, pl: 0 }}>
            Cash total
          </TableCell>
          <TableCell align="right" sx={{ ...foot, ...num, pr: 0 }}>
            {formatUSD(deposit.deposit.cash)}
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}

/** Every check of the deposit (number, bank, date, donor, amount), how many, and their total. */
function ChecksTable({ deposit }: { deposit: Deposit }) {
  const d = deposit.deposit;
  if (deposit.checks.length === 0) return <Typography color="text.secondary">No checks in this deposit.</Typography>;
  const cell = { px: 0.75, fontSize: { xs: '0.8rem', sm: '0.875rem' } } as const;
  // On a phone the five columns wrap at spaces, and scroll sideways rather than break a word.
  return (
    <Box role="region" aria-labelledby="slip-checks" tabIndex={0} sx={{ overflowX: 'auto', '@media print': { overflowX: 'visible' } }}>
      <Table size="small" aria-labelledby="slip-checks">
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...cell, pl: 0 }}>Number</TableCell>
            <TableCell sx={cell}>Bank</TableCell>
            <TableCell sx={cell}>Date</TableCell>
            <TableCell sx={cell}>Donor</TableCell>
            <TableCell align="right" sx={{ ...cell, pr: 0 }}>
              Amount
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {deposit.checks.map((c) => (
            <TableRow key={c.id}>
              <TableCell sx={{ ...cell, pl: 0, fontFamily: 'monospace' }}>{c.checkNumber}</TableCell>
              <TableCell sx={cell}>{c.bank}</TableCell>
              <TableCell sx={{ ...cell, whiteSpace: { sm: 'nowrap' } }}>{c.checkDate ? formatDay(c.checkDate) : ''}</TableCell>
              <TableCell sx={cell}>{c.donorName ?? ''}</TableCell>
              <TableCell align="right" sx={{ ...cell, ...num, pr: 0 }}>
                {formatUSD(c.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row" colSpan={4} sx={{ ...foot, pl: 0 }}>
              {`Checks total (${d.checkCount === 1 ? '1 check' : `${d.checkCount} checks`})`}
            </TableCell>
            <TableCell align="right" sx={{ ...foot, ...num, pr: 0 }}>
              {formatUSD(d.checks)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </Box>
  );
}

/** The printable deposit slip: the temple's legal name and address, the deposit's facts, its cash, its checks, the total. */
export function SlipSheet({ deposit }: { deposit: Deposit }) {
  const { settings } = useSite();
  const { templeName } = useAppConfig();
  const d = deposit.deposit;
  const name = settings?.legalName.trim() || settings?.templeName || templeName;
  const facts: [string, string][] = [
    ['Date', formatDate(d.createdAt)],
    ['Prepared by', d.createdByName],
    ['Cleared', d.clearedAt ? `${formatDate(d.clearedAt)}, ${formatTime(d.clearedAt)}${d.clearedByName ? ` (${d.clearedByName})` : ''}` : 'Not yet'],
  ];
  if (d.note) facts.push(['Note', d.note]);

  return (
    <Paper className="print-sheet" variant="outlined" component="article" aria-label="Deposit slip" sx={{ p: { xs: 2, sm: 4 }, minWidth: 0 }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
        {name}
      </Typography>
      {settings
        ? addressLines(settings).map((line) => (
            <Typography key={line} color="text.secondary">
              {line}
            </Typography>
          ))
        : null}
      <Divider sx={{ my: 2 }} />
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: 1 }}>
        Deposit slip{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {d.number}
        </Box>
      </Typography>
      <Facts rows={facts} />
      <Heading id="slip-cash">Cash</Heading>
      <CashTable deposit={deposit} />
      <Heading id="slip-checks">Checks</Heading>
      <ChecksTable deposit={deposit} />
      <Box sx={{ mt: 3, pt: 1.5, borderTop: 2, borderColor: 'text.primary', display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
        <Typography variant="h6" component="p">
          Total deposit
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {formatUSD(d.total)}
        </Typography>
      </Box>
    </Paper>
  );
}
