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
import { currentLanguage } from '@/i18n/runtime';
import { formatDate, formatUSD } from '@/lib/format';
import type { Receipt } from '@/types/api';
import { t } from '../i18n';
import { acknowledgementTranslation } from '../lib/acknowledgement';

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
 * The IRS acknowledgement in English as the server wrote it (a legal text), and below it, on a page
 * in another language, its translation marked as one.
 */
function Acknowledgement({ text }: { text: string }) {
  const translation = acknowledgementTranslation(text);
  return (
    <>
      <Typography lang={currentLanguage() === 'en' ? undefined : 'en'} sx={{ mt: 3, fontWeight: 600 }}>
        {text}
      </Typography>
      {translation ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t('receipts.ack.translation')}
          </Box>{' '}
          {translation}
        </Typography>
      ) : null}
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
        failed={t('receipts.pdfFailed')}
      />
      <Paper className="print-sheet" variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} aria-label={t('receipts.sheet')} component="article">
        {receipt.test ? <TestReceiptMark what="gift" /> : null}
        <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {receipt.organization}
        </Typography>
        {receipt.organizationAddress ? (
          <Typography color="text.secondary">
            <Lines text={receipt.organizationAddress} />
          </Typography>
        ) : null}
        {receipt.ein ? <Typography color="text.secondary">{t('receipts.ein', { ein: receipt.ein })}</Typography> : null}
        <Divider sx={{ my: 2 }} />
        <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
          {t('receipts.sheet')}
        </Typography>
        <Table size="small" aria-label={t('receipts.details')}>
          <TableBody>
            <Row label={t('receipts.receiptNumber')}>
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {receipt.receiptNumber}
              </Box>
            </Row>
            {/* English keeps the server's own words for the day; another language formats it. */}
            <Row label={t('receipts.date')}>{currentLanguage() === 'en' ? receipt.date : formatDate(receipt.paidAt) || receipt.date}</Row>
            <Row label={t('receipts.amount')}>
              <strong>{formatUSD(receipt.amount)}</strong>
            </Row>
            <Row label={t('receipts.method')}>{t('receipts.methodName', { method: receipt.method })}</Row>
            {receipt.eventName ? <Row label={t('receipts.for')}>{receipt.eventName}</Row> : null}
            <Row label={t('receipts.purpose')}>
              {receipt.lines.map((line, i) => (
                <Box component="span" key={i} sx={{ display: 'block' }}>
                  {`${line.label}: ${formatUSD(line.amount)}`}
                  {line.value ? ` ${t('receipts.fairValue', { value: formatUSD(line.value) })}` : null}
                </Box>
              ))}
            </Row>
            {receipt.inHonorOf ? <Row label={t('receipts.inHonor')}>{receipt.inHonorOf}</Row> : null}
            <Row label={t('receipts.donor')}>
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
        <Acknowledgement text={receipt.acknowledgement} />
        {receipt.deductible !== receipt.amount ? (
          <Typography sx={{ mt: 1 }}>{t('receipts.deductible', { amount: formatUSD(receipt.deductible) })}</Typography>
        ) : null}
        {children}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('receipts.thanks', { organization: receipt.organization })}
        </Typography>
      </Paper>
    </>
  );
}
