import { PaymentConfirmation } from '@/features/payments/components/payment-confirmation';

export default function PaymentConfirmationRoute() {
  return <PaymentConfirmation />;
}
