import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import HourglassTop from '@mui/icons-material/HourglassTop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatDate, formatTime, formatUSD } from '@/lib/format';
import type { Payment } from '@/types/api';
import { getPaymentByIntent } from '../api/payments';
import { t } from '../i18n';
import { clearZellePaymentInfo, readZellePaymentInfo } from '../lib/payment-utils';
import type { ZellePaymentInfo } from '../types';

/** Delay before the status is read (docs/product.md#donations-and-payments). */
export const STATUS_CHECK_DELAY_MS = 500;

export type ConfirmationState =
  | { status: 'checking' }
  | { status: 'success'; zelle?: ZellePaymentInfo }
  | { status: 'processing' }
  | { status: 'failed'; missing: boolean };

type Toast = { title: string; description?: string; variant?: 'destructive' | 'info' };

/**
 * The state machine of docs/product.md#states-and-flows: redirect_status succeeded/failed/processing; an intent or client secret
 * without a status means processing; else a saved Zelle record with a receipt number is a success
 * (and is cleared); else the payment information is missing.
 */
export function resolveConfirmation(params: URLSearchParams): { state: ConfirmationState; toast: Toast } {
  const redirectStatus = params.get('redirect_status');
  const intent = params.get('payment_intent');
  const secret = params.get('payment_intent_client_secret');
  if (redirectStatus === 'succeeded') {
    return {
      state: { status: 'success' },
      toast: { title: t('payments.confirm.successTitle'), description: t('payments.confirm.thanks') },
    };
  }
  if (redirectStatus === 'failed') {
    return {
      state: { status: 'failed', missing: false },
      toast: { title: t('payments.confirm.failedTitle'), description: t('payments.confirm.failedToast'), variant: 'destructive' },
    };
  }
  if (redirectStatus === 'processing' || intent || secret) {
    return {
      state: { status: 'processing' },
      toast: { title: t('payments.confirm.processingTitle'), description: t('payments.confirm.processingToast'), variant: 'info' },
    };
  }
  const zelle = readZellePaymentInfo();
  if (zelle) {
    clearZellePaymentInfo();
    return {
      state: { status: 'success', zelle },
      // Recorded, not yet received: the temple confirms it when the transfer arrives (ADR 0009).
      toast: {
        title: t('payments.confirm.recordedTitle'),
        description: t('payments.zelle.recorded'),
        variant: zelle.status === 'completed' ? undefined : 'info',
      },
    };
  }
  return {
    state: { status: 'failed', missing: true },
    toast: { title: t('payments.confirm.missingTitle'), description: t('payments.confirm.couldNotVerify'), variant: 'destructive' },
  };
}

/** A payment's status as shown (read at render, in the page's language). */
function statusLabel(status: Payment['status']): string {
  switch (status) {
    case 'pending':
      return t('payments.status.pending');
    case 'completed':
      return t('payments.status.completed');
    case 'failed':
      return t('payments.status.failed');
    case 'refunded':
      return t('payments.status.refunded');
    case 'expired':
      return t('payments.status.expired');
    default:
      return status;
  }
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography component="div" sx={{ fontWeight: 600, textAlign: 'right', wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

function ServerRecord({ intentId, secret }: { intentId: string; secret: string }) {
  const { data, error, isLoading, isValidating, mutate } = useSWR<Payment>(
    ['/api/payments/intent', intentId, secret],
    () => getPaymentByIntent(intentId, secret),
  );
  if (isLoading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={24} aria-label={t('payments.confirm.loadingRecord')} />
      </Box>
    );
  }
  if (error || !data) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('payments.confirm.recordFailed')}
      </Typography>
    );
  }
  return (
    <Box>
      <DetailRow label={t('payments.amount')}>{formatUSD(data.amount)}</DetailRow>
      <DetailRow label={t('payments.confirm.status')}>
        <Chip
          size="small"
          label={statusLabel(data.status)}
          color={data.status === 'completed' ? 'success' : data.status === 'failed' ? 'error' : 'default'}
        />
      </DetailRow>
      {data.eventName ? <DetailRow label={t('payments.confirm.event')}>{data.eventName}</DetailRow> : null}
      {data.receiptNumber ? <DetailRow label={t('payments.confirm.receiptNumber')}>{data.receiptNumber}</DetailRow> : null}
      <DetailRow label={t('payments.confirm.date')}>
        {formatDate(data.paymentDate)} {formatTime(data.paymentDate)}
      </DetailRow>
      {data.status === 'pending' ? (
        <Box sx={{ textAlign: 'right', mt: 1 }}>
          <Button size="small" onClick={() => void mutate()} disabled={isValidating}>
            {isValidating ? t('payments.confirm.checking') : t('payments.confirm.checkAgain')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

const views = {
  success: { icon: <CheckCircleOutlined color="success" sx={{ fontSize: 64 }} />, title: 'payments.confirm.successTitle' },
  processing: { icon: <HourglassTop color="info" sx={{ fontSize: 64 }} />, title: 'payments.confirm.processingTitle' },
  failed: { icon: <ErrorOutlined color="error" sx={{ fontSize: 64 }} />, title: 'payments.confirm.failedTitle' },
} as const;

export function PaymentConfirmation() {
  const [params] = useSearchParams();
  const { toast } = useToast();
  const [state, setState] = useState<ConfirmationState>({ status: 'checking' });
  const query = params.toString();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      try {
        const result = resolveConfirmation(new URLSearchParams(query));
        setState(result.state);
        toast(result.toast);
      } catch (err) {
        console.error('Payment status check failed', err);
        setState({ status: 'failed', missing: true });
        toast({ title: t('payments.confirm.statusErrorTitle'), description: t('payments.confirm.couldNotVerify'), variant: 'destructive' });
      }
    }, STATUS_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query, toast]);

  const intentId = params.get('payment_intent');
  const secret = params.get('payment_intent_client_secret');

  let content: ReactNode;
  if (state.status === 'checking') {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', gap: 2, py: 4 }} role="status">
        <CircularProgress aria-hidden />
        <Typography component="h1" variant="h5">
          {t('payments.confirm.checkingStatus')}
        </Typography>
      </Box>
    );
  } else {
    const view = views[state.status];
    const zellePending = state.status === 'success' && state.zelle !== undefined && state.zelle.status !== 'completed';
    const title =
      state.status === 'failed' && state.missing
        ? t('payments.confirm.missingTitle')
        : zellePending
          ? t('payments.confirm.zelleRecordedTitle')
          : t(view.title);
    const icon = zellePending ? <HourglassTop color="info" sx={{ fontSize: 64 }} /> : view.icon;
    content = (
      <Box sx={{ textAlign: 'center' }}>
        {icon}
        <Typography component="h1" variant="h4" sx={{ mt: 1, mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {state.status === 'success'
            ? state.zelle
              ? zellePending
                ? t('payments.confirm.zellePending')
                : t('payments.confirm.zelleDone')
              : t('payments.confirm.thanks')
            : state.status === 'processing'
              ? t('payments.confirm.processingText')
              : state.missing
                ? t('payments.confirm.missingText')
                : t('payments.confirm.failedText')}
        </Typography>
        {state.status === 'success' && state.zelle ? (
          <Box sx={{ textAlign: 'left' }}>
            <DetailRow label={t('payments.amount')}>{formatUSD(state.zelle.amount)}</DetailRow>
            <DetailRow label={t('payments.confirm.receiptNumber')}>{state.zelle.receiptNumber}</DetailRow>
            <DetailRow label={t('payments.confirm.status')}>
              <Chip
                size="small"
                color={zellePending ? 'warning' : 'success'}
                label={zellePending ? t('payments.confirm.awaiting') : t('payments.confirm.received')}
              />
            </DetailRow>
          </Box>
        ) : null}
        {intentId && secret ? (
          <Box sx={{ textAlign: 'left' }}>
            <Divider sx={{ mb: 1 }} />
            <ServerRecord intentId={intentId} secret={secret} />
          </Box>
        ) : null}
        {state.status === 'failed' && !state.missing ? (
          <Alert severity="info" role="note" sx={{ mt: 2, textAlign: 'left' }}>
            {t('payments.confirm.tryAgain')}
          </Alert>
        ) : null}
      </Box>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }} aria-live="polite">
        {content}
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap', mt: 4 }}>
          <Button component={RouterLink} to={paths.events.getHref()} variant="contained">
            {t('payments.confirm.browseEvents')}
          </Button>
          <Button component={RouterLink} to={paths.home.getHref()} variant="outlined">
            {t('payments.confirm.home')}
          </Button>
        </Box>
      </Paper>
    </Container>
  );
}
