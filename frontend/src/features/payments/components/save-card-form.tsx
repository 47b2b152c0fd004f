import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useAppConfig } from '@/lib/app-config';
import { t } from '../i18n';
import { SandboxCardForm, type TestCard } from './sandbox-card-form';

const StripeSetupForm = lazy(() => import('./stripe-setup-form'));

/** What the sandbox's card form was given, with the tester's outcome: saved, or declined. */
export type TestCardResult = TestCard & { outcome: 'succeeded' | 'failed' };

export type SaveCardFormProps = {
  /** The provider's card form (a SetupIntent, or the sandbox's). */
  setup: { setupIntentId: string; clientSecret: string; provider: 'sandbox' | 'stripe' };
  /** The button's label, e.g. "Save card and start my gift". */
  submitLabel: string;
  /** The donor's name and e-mail, the card's billing details (Stripe). */
  billing: { name: string; email?: string };
  /** The sandbox: saves the card it was given (a refusal naming `card` shows on the card number). */
  saveTestCard: (card: TestCardResult) => Promise<unknown>;
  /** Stripe: the browser confirmed the setup; the server reads the saved card from Stripe. */
  saveConfirmedCard: () => Promise<unknown>;
};

function Loading() {
  return (
    <Box role="status" sx={{ display: 'grid', placeItems: 'center', gap: 1.5, py: 4 }}>
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{t('payments.card.loadingForm')}</Typography>
    </Box>
  );
}

/**
 * Saves a card for later charges, charging nothing now: the sandbox's TEST MODE form (which sends
 * the card's last four digits and expiry with the chosen outcome), or Stripe's Payment Element
 * confirming the SetupIntent (`stripe.confirmSetup`), after which the server reads the card.
 * What the caller does once saved, it does in its save functions.
 */
export function SaveCardForm({ setup, submitLabel, billing, saveTestCard, saveConfirmedCard }: SaveCardFormProps) {
  const { config, error, isLoading } = useAppConfig();
  if (setup.provider === 'sandbox') {
    return (
      <SandboxCardForm
        intent={{ paymentIntentId: setup.setupIntentId, clientSecret: setup.clientSecret }}
        amount={0}
        save={{ submitLabel }}
        confirm={(outcome, card) => saveTestCard({ ...card, outcome: outcome === 'failed' ? 'failed' : 'succeeded' })}
        onFinished={() => undefined}
      />
    );
  }
  if (isLoading) return <Loading />;
  if (error || !config) return <Alert severity="error">{t('payments.card.formFailed')}</Alert>;
  if (!config.stripePublishableKey) return <Alert severity="warning">{t('payments.card.notConfigured')}</Alert>;
  return (
    <Suspense fallback={<Loading />}>
      <StripeSetupForm
        publishableKey={config.stripePublishableKey}
        clientSecret={setup.clientSecret}
        submitLabel={submitLabel}
        billing={billing}
        onConfirmed={saveConfirmedCard}
      />
    </Suspense>
  );
}
