import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatUSD } from '@/lib/format';
import { denominationLabel, lineCents, sortedLines } from '../lib/denominations';
import { fromCents } from '../lib/money';
import type { CountLine } from '../types';

const num = { fontVariantNumeric: 'tabular-nums' } as const;

/** A count's figures: each bill and coin counted, how many, their amount, and the total. */
export function CountFigures({ lines, total }: { lines: readonly CountLine[]; total: string }) {
  return (
    <Table size="small" aria-label="Figures of the count">
      <TableHead>
        <TableRow>
          <TableCell>Bill or coin</TableCell>
          <TableCell align="right">Pieces</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {sortedLines(lines).map((l) => (
          <TableRow key={l.denomination}>
            <TableCell component="th" scope="row">
              {denominationLabel(l.denomination)}
            </TableCell>
            <TableCell align="right" sx={num}>
              {l.pieces.toLocaleString('en-US')}
            </TableCell>
            <TableCell align="right" sx={num}>
              {formatUSD(fromCents(lineCents(l.denomination, l.pieces)))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell component="th" scope="row" colSpan={2} sx={{ fontWeight: 700, color: 'text.primary', fontSize: '1rem' }}>
            Total
          </TableCell>
          <TableCell align="right" sx={{ ...num, fontWeight: 700, color: 'text.primary', fontSize: '1rem' }}>
            {formatUSD(total)}
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
