import type { Payment } from '@/types/api';
import type { PaymentMethodKind, PaymentStatus } from '../api/admin-payments';

// How the payments tab names a payment's status and method.

export const statusOptions: { value: PaymentStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'expired', label: 'Expired' },
];

export const methodLabels: Partial<Record<string, string>> & Record<PaymentMethodKind, string> = {
  credit_card: 'Card',
  zelle: 'Zelle',
  paypal: 'PayPal',
  cash: 'Cash',
  check: 'Check',
  split: 'Split',
};

/** Where the money came in (`Payment.channel`): shown beside the method unless online. */
export const channelLabels: Record<Payment['channel'], string> = {
  online: 'Online',
  counter: 'Counter',
  hundi: 'Hundi',
  mail: 'Mail',
  imported: 'Imported',
};

export const statusColor: Partial<Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'>> &
  Record<PaymentStatus, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  pending: 'warning',
  completed: 'success',
  failed: 'error',
  refunded: 'info',
  expired: 'default',
};

export function statusLabel(status: string): string {
  return statusOptions.find((s) => s.value === status)?.label ?? status;
}
