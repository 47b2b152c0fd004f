// Loaded lazily, and only when a card is saved with Stripe: Stripe's script and frames never load
// otherwise (docs/architecture.md#third-parties: third parties only where needed).
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useColorScheme } from '@mui/material/styles';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { t } from '../i18n';

type Props = {
  publishableKey: string;
  /** The SetupIntent's client secret. */
  clientSecret: string;
  submitLabel: string;
  /** The donor's name and e-mail, sent as the card's billing details. */
  billing: { name: string; email?: string };
  /** Called once Stripe has confirmed the setup: the server reads the saved card from Stripe. */
  onConfirmed: () => Promise<unknown>;
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

function SetupForm({ submitLabel, billing, onConfirmed }: Omit<Props, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const { toast } = useToast();
  const [submitting, setSubmitting] = useState(false);

  function fail(description: string) {
    toast({ title: t('payments.error.cardNotSaved'), description, variant: 'destructive' });
    setSubmitting(false);
  }

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    try {
      const { error: submitError } = await elements.submit();
      if (submitError) {
        fail(submitError.type === 'validation_error' ? t('payments.error.fillIn') : (submitError.message ?? t('payments.error.unexpected')));
        return;
      }
      // A card asking for 3-D Secure shows it in place; only a redirecting method would leave the
      // page, and comes back to it.
      const { error } = await stripe.confirmSetup({
        elements,
        confirmParams: { return_url: window.location.href, payment_method_data: { billing_details: billing } },
        redirect: 'if_required',
      });
      if (error) {
        fail(error.type === 'validation_error' ? t('payments.error.fillIn') : (error.message ?? t('payments.error.unexpected')));
        return;
      }
      await onConfirmed();
      setSubmitting(false);
    } catch (err) {
      console.error('Saving the card failed', err);
      fail(errorMessage(err, err instanceof Error && err.message ? err.message : t('payments.error.unexpected')));
    }
  }

  return (
    <Box component="form" onSubmit={handleSubmit} aria-label={t('payments.card.label')}>
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
        {submitting ? t('payments.card.saving') : submitLabel}
      </Button>
    </Box>
  );
}

/** Stripe's Payment Element for a SetupIntent: saves a card for later gifts, charging nothing now. */
export default function StripeSetupForm({ publishableKey, clientSecret, ...rest }: Props) {
  const { mode, systemMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  return (
    <Elements stripe={getStripe(publishableKey)} options={{ clientSecret, appearance: { theme: dark ? 'night' : 'stripe' } }}>
      <SetupForm {...rest} />
    </Elements>
  );
}
