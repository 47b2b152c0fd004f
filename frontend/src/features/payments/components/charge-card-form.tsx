import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import { useAppConfig } from '@/lib/app-config';
import type { PaymentOutcome } from '../types';
import { SandboxCardForm } from './sandbox-card-form';

const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

type Props = {
  /** The provider's intent made for this charge, and its client secret. */
  intent: { paymentIntentId: string; clientSecret: string };
  /** In dollars. */
  amount: number;
  /** The sandbox's answer goes to the caller's own confirm step. */
  confirmSandbox: (outcome: PaymentOutcome) => Promise<unknown>;
  /** Called once the card form is done: `succeeded`, `processing` or `failed`. */
  onFinished: (status: PaymentOutcome) => void;
};

/**
 * The online card form (the sandbox's TEST MODE form or Stripe's Payment Element) for a charge
 * made elsewhere, such as a sale at the counter: it takes the card and says how it ended, and
 * goes to no confirmation page.
 */
export function ChargeCardForm({ intent, amount, confirmSandbox, onFinished }: Props) {
  const { config, error, isLoading } = useAppConfig();
  if (isLoading) {
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
        <CircularProgress aria-label="Loading the card form" />
      </Box>
    );
  }
  if (error || !config) return <Alert severity="error">Unable to load the card form. Please try again.</Alert>;
  if (config.paymentProvider === 'sandbox') {
    return <SandboxCardForm intent={intent} amount={amount} confirm={confirmSandbox} onFinished={({ status }) => onFinished(status)} />;
  }
  if (!config.stripePublishableKey) return <Alert severity="warning">Card payments are not configured</Alert>;
  return (
    <Suspense fallback={<CircularProgress aria-label="Loading the card form" />}>
      <StripePaymentForm
        publishableKey={config.stripePublishableKey}
        clientSecret={intent.clientSecret}
        amount={amount}
        billing={{ name: 'Temple counter' }}
        onFinished={({ status }) => onFinished(status)}
      />
    </Suspense>
  );
}
