import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { EmailNotVerifiedAlert } from '@/components/email-not-verified-alert';
import { useAppConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth';
import { usePaymentIntent } from '../api/use-payment-intent';
import type { PaymentOutcome, PaymentRequest } from '../types';
import { t } from '../i18n';
import { SandboxCardForm } from './sandbox-card-form';

const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

type Props = {
  request: PaymentRequest;
  onFinished: (result: { status: PaymentOutcome; redirectUrl: string }) => void;
};

function Loading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', gap: 1.5, py: 4 }} role="status">
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

/** The card provider's screen: the sandbox's TEST MODE form or Stripe's Payment Element. */
export function CardPayment({ request, onFinished }: Props) {
  const { config, error: configError, isLoading: configLoading } = useAppConfig();
  const provider = config?.paymentProvider;
  const key = config?.stripePublishableKey ?? null;
  const usable = provider === 'sandbox' || (provider === 'stripe' && Boolean(key));
  const { intent, error, emailNotVerified, isLoading, retry } = usePaymentIntent(request, usable);
  const { user } = useAuth();
  // The donor's name on the card: the guest's typed name, else the member's (the fixed
  // 'Temple Donation', sent to the provider as data, only when neither is known).
  const memberName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const billingName = request.billingName?.trim() || memberName || 'Temple Donation';
  const billingEmail = request.billingEmail?.trim() || user?.email || undefined;

  if (configLoading) return <Loading label={t('payments.card.loadingSettings')} />;
  if (configError || !config) {
    return <Alert severity="error">{t('payments.card.initFailed')}</Alert>;
  }
  if (!usable) {
    return <Alert severity="warning">{t('payments.card.stripeNotConfigured')}</Alert>;
  }
  if (isLoading) return <Loading label={t('payments.card.preparing')} />;
  if (emailNotVerified) return <EmailNotVerifiedAlert>{error}</EmailNotVerifiedAlert>;
  if (error || !intent) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {t('payments.card.tryAgain')}
          </Button>
        }
      >
        {t('payments.card.initFailed')}
      </Alert>
    );
  }
  if (provider === 'sandbox') {
    return <SandboxCardForm intent={intent} amount={request.amount} onFinished={onFinished} />;
  }
  return (
    <Suspense fallback={<Loading label={t('payments.card.loadingForm')} />}>
      <StripePaymentForm
        publishableKey={key!}
        clientSecret={intent.clientSecret}
        amount={request.amount}
        billing={billingEmail ? { name: billingName, email: billingEmail } : { name: billingName }}
        onFinished={onFinished}
      />
    </Suspense>
  );
}
