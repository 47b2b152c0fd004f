import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { PaymentSelector } from '@/features/payments/components/payment-selector';
import type { PaymentCompletion, PaymentRequest } from '@/features/payments/types';
import { usePaySevaBooking } from '@/features/sevas/api/sevas';
import { SevaDetail } from '@/features/sevas/components/seva-detail';
import { paths } from '@/config/paths';
import type { SevaBooking } from '@/types/api';
import { t } from './i18n';

/** Pays a held booking through the payment selector, with the payment linked to the booking. */
function BookingPayment({ booking }: { booking: SevaBooking }) {
  const pay = usePaySevaBooking();
  const navigate = useNavigate();
  const { toast } = useToast();
  const request = useMemo<PaymentRequest>(
    () => ({
      amount: booking.amountCents / 100,
      donationDetails: [{ donationTypeId: 'custom', amount: booking.amountCents / 100, name: `Seva: ${booking.sevaName}` }],
      source: {
        createIntent: async () => {
          const paid = await pay(booking.id, 'card');
          return {
            clientSecret: paid.clientSecret ?? '',
            paymentIntentId: paid.paymentIntentId ?? '',
            provider: paid.payment.provider === 'stripe' ? 'stripe' : 'sandbox',
            message: 'Payment intent created',
          };
        },
        recordZelle: async () => {
          const paid = await pay(booking.id, 'zelle');
          return { receiptNumber: paid.payment.receiptNumber ?? '', payment: paid.payment };
        },
      },
    }),
    [booking, pay],
  );
  function done(c: PaymentCompletion) {
    if (c.status === 'succeeded') toast({ title: t('page.seva.booked'), description: t('page.seva.bookedText', { sevaName: booking.sevaName }) });
    if (c.method === 'zelle' || c.status === 'succeeded') navigate(paths.dashboard.getHref());
    else navigate(c.redirectUrl);
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {t('page.seva.payment')}
      </Typography>
      <PaymentSelector {...request} onComplete={done} />
    </Paper>
  );
}

/** /sevas/:id, and /sevas/:id?date=YYYY-MM-DD opened on that date (the star-birthday reminders' link). */
export default function SevaDetailRoute() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <Container sx={{ py: { xs: 3, md: 5 } }}>
      <SevaDetail id={id} date={params.get('date')} payment={(booking) => <BookingPayment booking={booking} />} />
    </Container>
  );
}
