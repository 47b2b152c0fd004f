import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmailNotVerifiedAlert } from '@/components/email-not-verified-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAppConfig } from '@/lib/app-config';
import { isEmailNotVerified } from '@/lib/email-verification';
import { formatUSD } from '@/lib/format';
import type { ZelleConfirmBody } from '@/types/api';
import { confirmZellePayment } from '../api/payments';
import {
  CONFIRMATION_PATH,
  generateReceiptNumber,
  roundAmount,
  saveZellePaymentInfo,
  serializeDonationDetails,
} from '../lib/payment-utils';
import { t } from '../i18n';
import { donorBody, type PaymentRequest } from '../types';

type Props = {
  request: PaymentRequest;
  onFinished: (result: { redirectUrl: string; receiptNumber: string }) => void;
};

function CopyRow({ label, copyLabel, value }: { label: string; copyLabel: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // clipboard unavailable: the value is on screen to copy by hand
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {label}
        </Typography>
        <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }}>{value}</Typography>
      </Box>
      <Tooltip title={copied ? t('payments.zelle.copied') : copyLabel}>
        <IconButton onClick={() => void copy()} aria-label={copyLabel} size="small">
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/**
 * Zelle (bank transfer): the donor sends the amount to the temple's Zelle recipient with the memo,
 * then confirms here. The server records the payment as pending until an admin marks it received.
 */
export function ZellePayment({ request, onFinished }: Props) {
  const { config, isLoading } = useAppConfig();
  const { toast } = useToast();
  const [submitting, setSubmitting] = useState(false);
  const [notVerified, setNotVerified] = useState<string | null>(null);

  async function confirm() {
    setSubmitting(true);
    setNotVerified(null);
    const amount = roundAmount(request.amount);
    const generatedReceipt = generateReceiptNumber();
    const body: ZelleConfirmBody = {
      amount,
      donationDetails: serializeDonationDetails(request.donationDetails),
      receiptNumber: generatedReceipt,
      status: 'success',
      ...donorBody(request.donor),
    };
    if (request.eventId) body.eventId = request.eventId;
    if (request.notes && request.notes.trim()) body.notes = request.notes.trim();
    try {
      const res = request.source ? await request.source.recordZelle() : await confirmZellePayment(body);
      const receiptNumber = res?.receiptNumber || generatedReceipt;
      saveZellePaymentInfo({
        receiptNumber,
        amount,
        eventId: request.eventId ?? null,
        donationDetails: request.donationDetails,
        recordedAt: new Date().toISOString(),
        status: res?.payment?.status ?? 'pending',
      });
      toast({ title: t('payments.zelle.completeTitle'), description: t('payments.zelle.recorded') });
      onFinished({ redirectUrl: CONFIRMATION_PATH, receiptNumber });
    } catch (err) {
      if (isEmailNotVerified(err)) {
        setNotVerified(errorMessage(err, t('payments.zelle.verifyEmail')));
        setSubmitting(false);
        return;
      }
      console.error('Zelle confirmation failed', err);
      toast({
        title: t('payments.zelle.errorTitle'),
        description: t('payments.zelle.errorText'),
        variant: 'destructive',
      });
      setSubmitting(false);
    }
  }

  if (isLoading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('payments.zelle.loading')} />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        {t.rich('payments.zelle.send', { amount: formatUSD(request.amount), strong: (chunks) => <strong>{chunks}</strong> })}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        {config ? (
          <>
            <CopyRow label={t('payments.zelle.recipient')} copyLabel={t('payments.zelle.copyRecipient')} value={config.zelle.recipient} />
            <CopyRow label={t('payments.zelle.memo')} copyLabel={t('payments.zelle.copyMemo')} value={config.zelle.memo} />
          </>
        ) : (
          <Alert severity="warning">{t('payments.zelle.detailsFailed')}</Alert>
        )}
        <CopyRow label={t('payments.amount')} copyLabel={t('payments.zelle.copyAmount')} value={formatUSD(request.amount)} />
      </Paper>
      <Alert severity="info">
        {t('payments.zelle.pending')}
      </Alert>
      {notVerified ? <EmailNotVerifiedAlert>{notVerified}</EmailNotVerifiedAlert> : null}
      <Button variant="contained" size="large" onClick={() => void confirm()} disabled={submitting || !config}>
        {submitting ? t('payments.zelle.recording') : t('payments.zelle.sent')}
      </Button>
    </Box>
  );
}
