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
import { donorBody, type PaymentRequest } from '../types';

type Props = {
  request: PaymentRequest;
  onFinished: (result: { redirectUrl: string; receiptNumber: string }) => void;
};

function CopyRow({ label, value }: { label: string; value: string }) {
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
      <Tooltip title={copied ? 'Copied' : `Copy ${label.toLowerCase()}`}>
        <IconButton onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`} size="small">
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
      toast({ title: 'Payment Complete', description: 'Your Zelle payment has been recorded successfully' });
      onFinished({ redirectUrl: CONFIRMATION_PATH, receiptNumber });
    } catch (err) {
      if (isEmailNotVerified(err)) {
        setNotVerified(errorMessage(err, 'Please verify your email before donating to an event.'));
        setSubmitting(false);
        return;
      }
      console.error('Zelle confirmation failed', err);
      toast({
        title: 'Error Recording Payment',
        description: 'Could not process your Zelle payment. Please try again or contact support.',
        variant: 'destructive',
      });
      setSubmitting(false);
    }
  }

  if (isLoading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading Zelle instructions" />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        Send <strong>{formatUSD(request.amount)}</strong> with Zelle from your bank&apos;s app, then confirm below.
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        {config ? (
          <>
            <CopyRow label="Zelle recipient" value={config.zelle.recipient} />
            <CopyRow label="Memo" value={config.zelle.memo} />
          </>
        ) : (
          <Alert severity="warning">The temple&apos;s Zelle details could not be loaded. Please contact the temple office.</Alert>
        )}
        <CopyRow label="Amount" value={formatUSD(request.amount)} />
      </Paper>
      <Alert severity="info">
        Your payment is recorded as pending until the temple confirms the transfer. You will get a receipt number on the
        next page.
      </Alert>
      {notVerified ? <EmailNotVerifiedAlert>{notVerified}</EmailNotVerifiedAlert> : null}
      <Button variant="contained" size="large" onClick={() => void confirm()} disabled={submitting || !config}>
        {submitting ? 'Recording payment...' : "I've sent the payment"}
      </Button>
    </Box>
  );
}
