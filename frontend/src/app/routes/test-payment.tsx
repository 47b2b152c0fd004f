import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useDonationTypes } from '@/features/donations/api/get-donation-types';
import { DonationFlow } from '@/features/donations/components/donation-flow';
import { useEvents } from '@/features/events/api/get-events';
import { PaymentSelector } from '@/features/payments/components/payment-selector';
import type { PaymentCompletion } from '@/features/payments/types';
import { useAppConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth';
import { formatDate, formatUSD } from '@/lib/format';
import { RetryAlert } from '@/components/ui/retry-alert';

/** Delay before going home after a test payment (docs/product.md#donations-and-payments). */
export const TEST_PAYMENT_REDIRECT_MS = 3000;

function State({ title, text, action, onAction }: { title: string; text: string; action: string; onAction: () => void }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={onAction}>
          {action}
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {text}
    </Alert>
  );
}

/** The payment component for the first event with all donation types. */
function TestPaymentPage() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  const { events, error: eventsError, isLoading: eventsLoading, mutate: reloadEvents } = useEvents();
  const { donationTypes, error: typesError, isLoading: typesLoading, refresh: reloadTypes } = useDonationTypes({ activeOnly: false });

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const retry = () => {
    void reloadEvents();
    void reloadTypes();
  };

  function handleComplete(c: PaymentCompletion) {
    const titles = { succeeded: 'Payment Completed', failed: 'Payment Failed', processing: 'Payment Processing' } as const;
    toast({
      title: titles[c.status],
      description: `${c.methodName} payment of ${formatUSD(c.amount)}`,
      variant: c.status === 'failed' ? 'destructive' : 'default',
    });
    timer.current = window.setTimeout(() => navigate('/'), TEST_PAYMENT_REDIRECT_MS);
  }

  let content;
  if (eventsLoading || typesLoading) {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading test data" />
      </Box>
    );
  } else if (eventsError || typesError) {
    content = (
      <RetryAlert onRetry={retry}>
      <AlertTitle>Error Loading Data</AlertTitle>
      The events or donation types could not be loaded.
      </RetryAlert>
    );
  } else if (donationTypes.length === 0) {
    content = (
      <State
        title="No Donation Types Available"
        text="Create a donation type in the admin area, then refresh."
        action="Refresh"
        onAction={retry}
      />
    );
  } else if (!events || events.length === 0) {
    content = (
      <State title="No Events Available" text="Create an event first, then refresh." action="Refresh" onAction={retry} />
    );
  } else {
    const event = events[0];
    content = (
      <>
        <Typography sx={{ mb: 2 }}>
          Event: <strong>{event.name}</strong> ({formatDate(event.eventDate)})
        </Typography>
        <DonationFlow
          donationTypes={donationTypes}
          renderPayment={(s) => (
            <PaymentSelector
              amount={s.amount}
              donationDetails={s.donationDetails}
              eventId={event.id}
              onComplete={handleComplete}
            />
          )}
        />
      </>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography component="h1" variant="h4" gutterBottom>
        Test Payment
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Try the payment flow with the first event and every donation type.
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {content}
      </Paper>
    </Container>
  );
}

/**
 * /test-payment: open to everyone in development; in production admins only, like /admin
 * (signed-out users go to /sign-in, members to /). Fails closed when the config cannot be read.
 */
export default function TestPaymentRoute() {
  const { config, error, isLoading } = useAppConfig();
  const { user, loading, isAdmin } = useAuth();
  const production = config ? config.environment === 'production' : Boolean(error);
  if (isLoading || (production && loading)) return <PageSpinner />;
  if (!production) return <TestPaymentPage />;
  if (!user) return <Navigate to={paths.signIn.getHref(paths.testPayment.getHref())} replace />;
  if (!isAdmin) return <Navigate to={paths.home.getHref()} replace />;
  return <TestPaymentPage />;
}
