import { useCallback, useEffect, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { isEmailNotVerified } from '@/lib/email-verification';
import { uuidv4 } from '@/lib/uuid';
import { DIRECT_DONATION, roundAmount, serializeDonationDetails } from '../lib/payment-utils';
import { donorBody, type DonorFields, type PaymentRequest } from '../types';
import type { PaymentIntentResponse } from '@/types/api';
import { t } from '../i18n';
import { createPaymentIntent } from './payments';

type Result = {
  key: string;
  intent: PaymentIntentResponse | null;
  error: string | null;
  /** The server refused an event donation because the member's e-mail is not verified (403 email-not-verified). */
  emailNotVerified?: boolean;
};

function initFailure(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? t('payments.intent.failed');
  if (err instanceof Error && err.message) return err.message;
  return t('payments.intent.couldNot');
}

/**
 * Creates the payment intent for a request once per attempt. Each attempt carries its own
 * Idempotency-Key, so a repeated request (React's double effects, a flaky network) never creates
 * a second intent; `retry` starts a new attempt.
 */
export function usePaymentIntent(request: PaymentRequest, enabled = true) {
  const { toast } = useToast();
  const [attemptKey, setAttemptKey] = useState(uuidv4);
  const [result, setResult] = useState<Result | null>(null);
  const { amount, eventId, notes, source } = request;
  const details = serializeDonationDetails(request.donationDetails);
  const donor = JSON.stringify(donorBody(request.donor));

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const metadata: { eventId: string; donationDetails: string; notes?: string } = {
      eventId: eventId ?? DIRECT_DONATION,
      donationDetails: details,
    };
    if (notes && notes.trim()) metadata.notes = notes.trim();
    (source
      ? source.createIntent(attemptKey)
      : createPaymentIntent({ amount: roundAmount(amount), metadata, ...(JSON.parse(donor) as DonorFields) }, attemptKey)
    )
      .then((intent) => {
        if (!intent || !intent.clientSecret) throw new Error(t('payments.intent.failed'));
        if (!cancelled) setResult({ key: attemptKey, intent, error: null });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        console.error('Payment initialization failed', err);
        const message = initFailure(err);
        if (isEmailNotVerified(err)) {
          // Shown in place of the card form, with the resend action; no toast on top of it.
          setResult({ key: attemptKey, intent: null, error: message, emailNotVerified: true });
          return;
        }
        setResult({ key: attemptKey, intent: null, error: message });
        toast({ title: t('payments.intent.toast'), description: message, variant: 'destructive' });
      });
    return () => {
      cancelled = true;
    };
  }, [enabled, attemptKey, amount, eventId, notes, details, donor, source, toast]);

  const retry = useCallback(() => setAttemptKey(uuidv4()), []);
  const current = result && result.key === attemptKey ? result : null;
  return {
    intent: current?.intent ?? null,
    error: current?.error ?? null,
    emailNotVerified: current?.emailNotVerified === true,
    isLoading: enabled && current === null,
    retry,
  };
}
