import { useState, type ReactNode } from 'react';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatUSD } from '@/lib/format';
import type { Payment } from '@/types/api';
import { useRefundPayment, useResendReceipt, useSetPaymentStatus, type AdminStatus } from '../api/admin-payments';
import { AuditDialog, ReopenDialog } from './payment-dialogs';
import type { PaymentRowActions } from './payment-row';
import { RefundDialog } from './refund-dialog';

type PaymentActions = {
  /** The payment whose change is being saved. */
  busyId: string | null;
  /** What the buttons of a payment's row do. */
  actionsOf: (payment: Payment) => PaymentRowActions;
  /** The history, refund and reopen dialogs the rows open; rendered once by the tab. */
  dialogs: ReactNode;
};

/**
 * What the ledger's rows do: mark a payment received or failed, reopen it with a note, refund it,
 * resend its receipt and show its history, each change with its toast.
 */
export function usePaymentActions(): PaymentActions {
  const { toast } = useToast();
  const [updating, setUpdating] = useState<string | null>(null);
  const [history, setHistory] = useState<Payment | null>(null);
  const [reopening, setReopening] = useState<Payment | null>(null);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const setPaymentStatus = useSetPaymentStatus();
  const resendReceipt = useResendReceipt();
  const refundPayment = useRefundPayment();

  async function resend(p: Payment) {
    setUpdating(p.id);
    try {
      await resendReceipt(p.id);
      toast({ title: 'Receipt sent again', description: `${p.receiptNumber ?? ''} to ${p.donorEmail ?? 'the donor'}` });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The receipt could not be sent'), variant: 'destructive' });
    } finally {
      setUpdating(null);
    }
  }

  async function mark(p: Payment, status: AdminStatus, note?: string) {
    setUpdating(p.id);
    try {
      await setPaymentStatus(p.id, status, note);
      const titles: Record<AdminStatus, string> = {
        completed: 'Payment marked as received',
        failed: 'Payment marked as failed',
        pending: 'Payment reopened',
      };
      toast({ title: titles[status], description: `${formatUSD(p.amount)}${p.receiptNumber ? ` · ${p.receiptNumber}` : ''}` });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to update payment status'), variant: 'destructive' });
    } finally {
      setUpdating(null);
    }
  }

  const dialogs = (
    <>
      <AuditDialog payment={history} onClose={() => setHistory(null)} />
      {refunding ? (
        <RefundDialog
          key={refunding.id}
          payment={refunding}
          onClose={() => setRefunding(null)}
          onRefund={async (p, amount, note) => {
            const updated = await refundPayment(p.id, amount, note);
            setRefunding(null);
            toast({
              title: updated.status === 'refunded' ? 'Payment refunded' : 'Part of the payment refunded',
              description: `${formatUSD(amount)}${p.receiptNumber ? ` · ${p.receiptNumber}` : ''}`,
            });
          }}
        />
      ) : null}
      <ReopenDialog
        key={reopening?.id ?? 'none'}
        payment={reopening}
        onClose={() => setReopening(null)}
        onReopen={async (p, note) => {
          await mark(p, 'pending', note);
          setReopening(null);
        }}
      />
    </>
  );

  return {
    busyId: updating,
    actionsOf: (p) => ({
      onMark: (status) => void mark(p, status),
      onReopen: () => setReopening(p),
      onRefund: () => setRefunding(p),
      onResend: () => void resend(p),
      onHistory: () => setHistory(p),
    }),
    dialogs,
  };
}
