import Box from '@mui/material/Box';
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
import { currentLanguage } from '@/i18n/runtime';
import { formatDate, formatUSD } from '@/lib/format';
import type { Statement } from '@/types/api';
import { t } from '../i18n';
import { acknowledgementTranslation } from '../lib/acknowledgement';

/** On a page in another language, an acknowledgement's translation, marked as one (the English stays). */
function Translation({ of: english, variant = 'body1' }: { of: string; variant?: 'body1' | 'body2' }) {
  const translation = acknowledgementTranslation(english);
  if (!translation) return null;
  return (
    <Typography variant={variant === 'body1' ? 'body2' : 'caption'} color="text.secondary" component="p" sx={{ mt: 0.5 }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {t('giving.ack.translation')}
      </Box>{' '}
      {translation}
    </Typography>
  );
}

/** The day of a gift: the server's English words in English, else the page's own format. */
function giftDay(gift: Statement['gifts'][number]): string {
  return currentLanguage() === 'en' ? gift.date : formatDate(gift.paidAt) || gift.date;
}

/**
 * A donor's printable giving statement for a year (a member's, or a walk-in's printed at the
 * counter): every gift net of refunds, the total and the acknowledgement. With `downloadPdf`, a
 * 'Download PDF' button beside Print saves the temple's PDF letter of it.
 */
export function StatementView({ statement, downloadPdf }: { statement: Statement; downloadPdf?: () => Promise<unknown> }) {
  return (
    <>
      <PrintStyles />
      <PrintActions downloadPdf={downloadPdf} failed={t('giving.statement.pdfFailed')} />
      <Paper className="print-sheet" variant="outlined" sx={{ p: { xs: 2, sm: 4 } }} component="article" aria-label={t('giving.statement.sheet')}>
        {statement.test ? <TestReceiptMark what="statement" /> : null}
        <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {statement.organization}
        </Typography>
        {statement.organizationAddress ? (
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            {statement.organizationAddress}
          </Typography>
        ) : null}
        {statement.ein ? <Typography color="text.secondary">{t('giving.statement.ein', { ein: statement.ein })}</Typography> : null}
        <Divider sx={{ my: 2 }} />
        <Typography component="h2" variant="h5">
          {t('giving.statement.title', { year: String(statement.year) })}
        </Typography>
        <Typography sx={{ mb: statement.donorAddress ? 0 : 2 }}>{[statement.donorName, statement.donorEmail].filter(Boolean).join(' · ')}</Typography>
        {statement.donorAddress ? (
          <Typography color="text.secondary" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
            {statement.donorAddress}
          </Typography>
        ) : null}
        {statement.gifts.length === 0 ? (
          <Typography color="text.secondary">{t('giving.statement.none', { year: String(statement.year) })}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('giving.statement.table', { year: String(statement.year) })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('giving.col.date')}</TableCell>
                  <TableCell>{t('giving.col.receipt')}</TableCell>
                  <TableCell>{t('giving.col.method')}</TableCell>
                  <TableCell>{t('giving.col.for')}</TableCell>
                  <TableCell>{t('giving.col.fund')}</TableCell>
                  <TableCell align="right">{t('giving.col.amount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {statement.gifts.map((g) => (
                  <TableRow key={g.receiptNumber}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{giftDay(g)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{g.receiptNumber}</TableCell>
                    <TableCell>{t('giving.methodName', { method: g.method })}</TableCell>
                    <TableCell>
                      {g.purposes}
                      {g.acknowledgement !== statement.acknowledgement ? (
                        <>
                          <Typography variant="body2" color="text.secondary" lang={currentLanguage() === 'en' ? undefined : 'en'}>
                            {g.acknowledgement}
                          </Typography>
                          <Translation of={g.acknowledgement} variant="body2" />
                        </>
                      ) : null}
                    </TableCell>
                    <TableCell>{g.funds}</TableCell>
                    <TableCell align="right">{formatUSD(g.amount)}</TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell colSpan={5} sx={{ fontWeight: 700 }}>
                    {t('giving.statement.total', { year: String(statement.year) })}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {formatUSD(statement.total)}
                  </TableCell>
                </TableRow>
                {statement.deductibleTotal !== statement.total ? (
                  <TableRow>
                    <TableCell colSpan={5}>{t('giving.statement.deductibleTotal')}</TableCell>
                    <TableCell align="right">{formatUSD(statement.deductibleTotal)}</TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Typography sx={{ mt: 3, fontWeight: 600 }} lang={currentLanguage() === 'en' ? undefined : 'en'}>
          {statement.acknowledgement}
        </Typography>
        <Translation of={statement.acknowledgement} />
      </Paper>
    </>
  );
}
