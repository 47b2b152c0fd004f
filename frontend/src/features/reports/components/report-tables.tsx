import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatUSD } from '@/lib/format';
import { totalOf, type DailyReport, type ReportLine } from '../lib/report';

const total = { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem', borderBottom: 0 } as const;
const section = { p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1, alignContent: 'start', breakInside: 'avoid' } as const;

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} component="h3" variant="h6">
      {children}
    </Typography>
  );
}

/** One of the report's totals tables: a row per method, channel or fund, with its payments and amount. */
export function LinesTable({ id, title, column, lines, label }: { id: string; title: string; column: string; lines: readonly ReportLine[]; label: (key: string) => string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={section}>
      <Heading id={id}>{title}</Heading>
      {lines.length === 0 ? (
        <Typography color="text.secondary">None</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={id}>
            <TableHead>
              <TableRow>
                <TableCell>{column}</TableCell>
                <TableCell align="right">Payments</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.key}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'break-word' }}>
                    {label(line.key)}
                  </TableCell>
                  <TableCell align="right">{line.count}</TableCell>
                  <TableCell align="right">{formatUSD(line.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell component="th" scope="row" colSpan={2} sx={total}>
                  Total
                </TableCell>
                <TableCell align="right" sx={total}>
                  {totalOf(lines)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

/** The sevas booked during the day: how many, how many are not paid yet, and what the paid ones brought. */
export function SevasTable({ sevas }: { sevas: DailyReport['sevas'] }) {
  const id = 'report-sevas';
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={section}>
      <Heading id={id}>Sevas booked</Heading>
      {sevas.length === 0 ? (
        <Typography color="text.secondary">No sevas were booked this day.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby={id}>
            <TableHead>
              <TableRow>
                <TableCell>Seva</TableCell>
                <TableCell align="right">Booked</TableCell>
                <TableCell align="right">Unpaid</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sevas.map((s) => (
                <TableRow key={s.sevaName}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'break-word' }}>
                    {s.sevaName}
                  </TableCell>
                  <TableCell align="right">{s.booked}</TableCell>
                  <TableCell align="right">{s.unpaid}</TableCell>
                  <TableCell align="right">{formatUSD(s.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
