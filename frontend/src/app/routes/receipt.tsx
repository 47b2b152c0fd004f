import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { downloadReceiptPdf, useReceipt } from '@/features/receipts/api/get-receipt';
import { ReceiptView } from '@/features/receipts/components/receipt-view';
import { t } from './i18n';

/**
 * /receipts/:receiptNumber: the printable receipt. Opens with the signed link from the receipt
 * e-mail (`?sig=`), or for the signed-in donor or an admin; anyone else sees 'Receipt not found'.
 */
export default function ReceiptRoute() {
  const { receiptNumber = '' } = useParams();
  const [search] = useSearchParams();
  const { user } = useAuth();
  const { receipt, error, notFound, isLoading, refresh } = useReceipt(receiptNumber, search.get('sig'));

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {isLoading ? (
        <PageSpinner label={t('page.receipt.loading')} />
      ) : notFound ? (
        <Alert
          severity="info"
          action={
            user ? null : (
              <Button color="inherit" size="small" component={RouterLink} to={paths.signIn.getHref(`/receipts/${receiptNumber}`)}>
                {t('page.receipt.signIn')}
              </Button>
            )
          }
        >
          <AlertTitle>{t('page.receipt.notFound')}</AlertTitle>
          {t('page.receipt.notFoundText')}
        </Alert>
      ) : error || !receipt ? (
        <RetryAlert onRetry={() => void refresh()}>{t('page.receipt.failed')}</RetryAlert>
      ) : (
        <ReceiptView receipt={receipt} downloadPdf={() => downloadReceiptPdf(receiptNumber, search.get('sig'))} />
      )}
    </Container>
  );
}
