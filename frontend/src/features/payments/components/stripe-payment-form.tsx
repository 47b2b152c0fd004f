// Loaded lazily, and only when the server's provider is Stripe with a publishable key: Stripe's
// script and frames never load otherwise (docs/architecture.md#third-parties: third parties only where needed).
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useColorScheme } from '@mui/material/styles';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useToast } from '@/components/ui/toast';
import { formatUSD } from '@/lib/format';
import { t } from '../i18n';
import { confirmationUrl, CONFIRMATION_PATH, outcomeFromStatus, REDIRECT_DELAY_MS } from '../lib/payment-utils';
import type { PaymentOutcome } from '../types';

type Props = {
  publishableKey: string;
  clientSecret: string;
  amount: number;
  /** The donor's name and e-mail, sent as the card's billing details. */
  billing: { name: string; email?: string };
  onFinished: (result: { status: PaymentOutcome; redirectUrl: string }) => void;
};

const stripePromises = new Map<string, Promise<Stripe | null>>();
function getStripe(key: string): Promise<Stripe | null> {
  let p = stripePromises.get(key);
  if (!p) {
    p = loadStripe(key);
    stripePromises.set(key, p);
  }
  return p;
}

function CheckoutForm({ clientSecret, amount, billing, onFinished }: Omit<Props, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const { toast } = useToast();
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    try {
      const { error: submitError } = await elements.submit();
      if (submitError) {
        toast({
          title: t('payments.error.title'),
          description:
            submitError.type === 'validation_error'
              ? t('payments.error.fillIn')
              : (submitError.message ?? t('payments.error.unexpected')),
          variant: 'destructive',
        });
        setSubmitting(false);
        return;
      }
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: {
          return_url: `${window.location.origin}${CONFIRMATION_PATH}`,
          payment_method_data: { billing_details: billing },
        },
        redirect: 'if_required',
      });
      if (error) {
        toast({
          title: t('payments.error.title'),
          description:
            error.type === 'validation_error'
              ? t('payments.error.fillIn')
              : (error.message ?? t('payments.error.unexpected')),
          variant: 'destructive',
        });
        setSubmitting(false);
        return;
      }
      // No redirect was needed: go to the confirmation page after a short delay.
      const status = outcomeFromStatus(paymentIntent?.status);
      const url = confirmationUrl({
        payment_intent: paymentIntent?.id ?? '',
        payment_intent_client_secret: clientSecret,
        redirect_status: status,
      });
      timer.current = window.setTimeout(() => onFinished({ status, redirectUrl: url }), REDIRECT_DELAY_MS);
    } catch (err) {
      console.error('Stripe payment failed', err);
      toast({
        title: t('payments.error.title'),
        description: err instanceof Error && err.message ? err.message : t('payments.error.unexpected'),
        variant: 'destructive',
      });
      setSubmitting(false);
    }
  }

  return (
    <Box component="form" onSubmit={handleSubmit} aria-label={t('payments.card.paymentLabel')}>
      <PaymentElement options={{ layout: 'tabs' }} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        startIcon={<LockOutlined />}
        disabled={!stripe || !elements || submitting}
        sx={{ mt: 3 }}
      >
        {submitting ? t('payments.card.processing') : t('payments.card.pay', { amount: formatUSD(amount) })}
      </Button>
    </Box>
  );
}

export default function StripePaymentForm({ publishableKey, clientSecret, amount, billing, onFinished }: Props) {
  const { mode, systemMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  return (
    <Elements
      stripe={getStripe(publishableKey)}
      options={{ clientSecret, appearance: { theme: dark ? 'night' : 'stripe' } }}
    >
      <CheckoutForm clientSecret={clientSecret} amount={amount} billing={billing} onFinished={onFinished} />
    </Elements>
  );
}
