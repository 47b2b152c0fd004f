import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PrintActions } from '@/components/ui/print-actions';
import { PrintStyles } from '@/components/ui/print-styles';
import { TestReceiptMark } from '@/components/ui/test-receipt-mark';
import { formatUSD } from '@/lib/format';
import type { Receipt } from '@/types/api';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '38%', pl: 0, verticalAlign: 'top' }}>
        {label}
      </TableCell>
      <TableCell sx={{ pr: 0, wordBreak: 'break-word' }}>{children}</TableCell>
    </TableRow>
  );
}

function Lines({ text }: { text: string }) {
  return (
    <>
      {text.split('\n').map((line, i) => (
        <Box component="span" key={i} sx={{ display: 'block' }}>
          {line}
        </Box>
      ))}
    </>
  );
}

/**
 * A printable donation receipt (docs/product.md#receipts) with a Print button (the browser's print)
 * and, with `downloadPdf`, the temple's PDF letter of it. `paper` chooses the print layout (an 80 mm receipt printer at the counter); `actions`
 * sit beside the Print button, `children` at the end of the sheet (the counter's payment lines).
 */
export function ReceiptView({
  receipt,
  paper = 'page',
  actions,
  downloadPdf,
  children,
}: {
  receipt: Receipt;
  paper?: 'page' | 'thermal';
  actions?: React.ReactNode;
  /** Saves the temple's PDF letter of the receipt ('Download PDF'). */
  downloadPdf?: () => Promise<unknown>;
  children?: React.ReactNode;
}) {
  return (
    <>
      <PrintStyles paper={paper} />
      <PrintActions
        actions={actions}
        downloadPdf={downloadPdf}
        failed="The PDF of the receipt could not be downloaded. Please try again."
      />
      <Paper className="print-sheet" variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} aria-label="Donation receipt" component="article">
        {receipt.test ? <TestReceiptMark what="gift" /> : null}
        <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {receipt.organization}
        </Typography>
        {receipt.organizationAddress ? (
          <Typography color="text.secondary">
            <Lines text={receipt.organizationAddress} />
          </Typography>
        ) : null}
        {receipt.ein ? <Typography color="text.secondary">{`EIN ${receipt.ein}`}</Typography> : null}
        <Divider sx={{ my: 2 }} />
        <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
          Donation receipt
        </Typography>
        <Table size="small" aria-label="Receipt details">
          <TableBody>
            <Row label="Receipt number">
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {receipt.receiptNumber}
              </Box>
            </Row>
            <Row label="Date">{receipt.date}</Row>
            <Row label="Amount">
              <strong>{formatUSD(receipt.amount)}</strong>
            </Row>
            <Row label="Method">{receipt.method}</Row>
            {receipt.eventName ? <Row label="For">{receipt.eventName}</Row> : null}
            <Row label="Purpose">
              {receipt.lines.map((line, i) => (
                <Box component="span" key={i} sx={{ display: 'block' }}>
                  {`${line.label}: ${formatUSD(line.amount)}`}
                  {line.value ? ` (fair market value ${formatUSD(line.value)})` : null}
                </Box>
              ))}
            </Row>
            {receipt.inHonorOf ? <Row label="In honor / in memory of">{receipt.inHonorOf}</Row> : null}
            <Row label="Donor">
              <Box component="span" sx={{ display: 'block' }}>
                {receipt.donorName}
              </Box>
              <Box component="span" sx={{ display: 'block' }}>
                {receipt.donorEmail}
              </Box>
              {receipt.donorAddress ? <Lines text={receipt.donorAddress} /> : null}
            </Row>
          </TableBody>
        </Table>
        <Typography sx={{ mt: 3, fontWeight: 600 }}>{receipt.acknowledgement}</Typography>
        {receipt.deductible !== receipt.amount ? (
          <Typography sx={{ mt: 1 }}>{`Deductible amount: ${formatUSD(receipt.deductible)}`}</Typography>
        ) : null}
        {children}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {`Thank you for your gift to ${receipt.organization}.`}
        </Typography>
      </Paper>
    </>
  );
}
