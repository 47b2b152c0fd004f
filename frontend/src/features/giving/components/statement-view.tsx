import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PrintStyles } from '@/components/ui/print-styles';
import { PrintActions } from '@/components/ui/print-actions';
import { TestReceiptMark } from '@/components/ui/test-receipt-mark';
import { formatUSD } from '@/lib/format';
import type { Statement } from '@/types/api';

/**
 * A donor's printable giving statement for a year (a member's, or a walk-in's printed at the
 * counter): every gift net of refunds, the total and the acknowledgement. With `downloadPdf`, a
 * 'Download PDF' button beside Print saves the temple's PDF letter of it.
 */
export function StatementView({ statement, downloadPdf }: { statement: Statement; downloadPdf?: () => Promise<unknown> }) {
  return (
    <>
      <PrintStyles />
      <PrintActions downloadPdf={downloadPdf} failed="The PDF of your statement could not be downloaded. Please try again." />
      <Paper className="print-sheet" variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} component="article" aria-label="Giving statement">
        {statement.test ? <TestReceiptMark what="statement" /> : null}
        <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {statement.organization}
        </Typography>
        {statement.organizationAddress ? (
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {statement.organizationAddress}
          </Typography>
        ) : null}
        {statement.ein ? <Typography color="text.secondary">{`EIN ${statement.ein}`}</Typography> : null}
        <Divider sx={{ my: 2 }} />
        <Typography component="h2" variant="h5">
          {`Giving statement ${statement.year}`}
        </Typography>
        <Typography sx={{ mb: statement.donorAddress ? 0 : 2 }}>{[statement.donorName, statement.donorEmail].filter(Boolean).join(' · ')}</Typography>
        {statement.donorAddress ? (
          <Typography color="text.secondary" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
            {statement.donorAddress}
          </Typography>
        ) : null}
        {statement.gifts.length === 0 ? (
          <Typography color="text.secondary">{`No completed gifts in ${statement.year}.`}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={`Gifts in ${statement.year}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Receipt</TableCell>
                  <TableCell>Method</TableCell>
                  <TableCell>For</TableCell>
                  <TableCell>Fund</TableCell>
                  <TableCell align="right">Amount</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {statement.gifts.map((g) => (
                  <TableRow key={g.receiptNumber}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{g.date}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{g.receiptNumber}</TableCell>
                    <TableCell>{g.method}</TableCell>
                    <TableCell>
                      {g.purposes}
                      {g.acknowledgement !== statement.acknowledgement ? (
                        <Typography variant="body2" color="text.secondary">
                          {g.acknowledgement}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>{g.funds}</TableCell>
                    <TableCell align="right">{formatUSD(g.amount)}</TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell colSpan={5} sx={{ fontWeight: 700 }}>
                    {`Total for ${statement.year}`}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {formatUSD(statement.total)}
                  </TableCell>
                </TableRow>
                {statement.deductibleTotal !== statement.total ? (
                  <TableRow>
                    <TableCell colSpan={5}>Deductible total</TableCell>
                    <TableCell align="right">{formatUSD(statement.deductibleTotal)}</TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Typography sx={{ mt: 3, fontWeight: 600 }}>{statement.acknowledgement}</Typography>
      </Paper>
    </>
  );
}
