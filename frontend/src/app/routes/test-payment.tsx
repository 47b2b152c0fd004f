import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import { useToast } from '@/components/ui/toast';
import { DonationFlow } from '@/features/donations/components/donation-flow';
import { PaymentSelector } from '@/features/payments/components/payment-selector';
import type { PaymentCompletion } from '@/features/payments/types';
import { apiKeys } from '@/lib/api-keys';
import { formatDate, formatUSD } from '@/lib/format';
import type { DonationType, Event } from '@/types/api';

/** Delay before going home after a test payment (spec section 9). */
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

/** /test-payment: the payment component for the first event with all donation types. */
export default function TestPaymentRoute() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  const events = useSWR<Event[]>(apiKeys.events);
  const types = useSWR<DonationType[]>(apiKeys.donationTypes);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const retry = () => {
    void events.mutate();
    void types.mutate();
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
  if (events.isLoading || types.isLoading) {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading test data" />
      </Box>
    );
  } else if (events.error || types.error) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            Retry
          </Button>
        }
      >
        <AlertTitle>Error Loading Data</AlertTitle>
        The events or donation types could not be loaded.
      </Alert>
    );
  } else if (!types.data || types.data.length === 0) {
    content = (
      <State
        title="No Donation Types Available"
        text="Create a donation type in the admin area, then refresh."
        action="Refresh"
        onAction={retry}
      />
    );
  } else if (!events.data || events.data.length === 0) {
    content = (
      <State title="No Events Available" text="Create an event first, then refresh." action="Refresh" onAction={retry} />
    );
  } else {
    const event = events.data[0];
    content = (
      <>
        <Typography sx={{ mb: 2 }}>
          Event: <strong>{event.name}</strong> ({formatDate(event.eventDate)})
        </Typography>
        <DonationFlow
          donationTypes={types.data}
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
