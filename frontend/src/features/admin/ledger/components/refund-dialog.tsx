import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import * as yup from 'yup';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { formatUSD } from '@/lib/format';
import type { Payment } from '@/types/api';

/** What is left to refund, in cents. */
export function refundableCents(p: Payment): number {
  return Math.round(Number(p.amount) * 100) - Math.round(Number(p.refundedAmount) * 100);
}

/** The refund form's rules (the server checks them again). */
export function refundSchema(leftCents: number) {
  return yup.object({
    amount: yup
      .number()
      .typeError('Refund amount must be a number with at most 2 decimal places')
      .required('Refund amount must be greater than 0')
      .moreThan(0, 'Refund amount must be greater than 0')
      .test('cents', 'Refund amount must be a number with at most 2 decimal places', (v) => v === undefined || Number.isInteger(Math.round(v * 1e6) / 1e4))
      .max(leftCents / 100, `Refund amount must be at most ${formatUSD(leftCents / 100)} (what is not yet refunded)`),
    note: yup.string().max(500, 'Note must be at most 500 characters').optional(),
  });
}

/** Formik turns what is typed into a number field into a number; the initial value is a string. */
type Values = { amount: string | number; note: string };

/**
 * Refunds part or all of a completed card payment through the payment provider. The amount
 * starts at what is left; the change is kept in the payment's history.
 */
export function RefundDialog({
  payment,
  onClose,
  onRefund,
}: {
  payment: Payment;
  onClose: () => void;
  onRefund: (p: Payment, amount: string, note: string) => Promise<void>;
}) {
  const left = refundableCents(payment);
  const [failure, setFailure] = useState<string | null>(null);
  const formik = useFormikValidatedOnSubmit<Values>({
    initialValues: { amount: (left / 100).toFixed(2), note: '' },
    validationSchema: refundSchema(left),
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        await onRefund(payment, String(values.amount).trim(), values.note.trim());
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        setFailure(errorMessage(err, 'The refund failed. Please try again.'));
      }
    },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="refund-title">
      <form noValidate onSubmit={formik.handleSubmit}>
        <DialogTitle id="refund-title">Refund {payment.receiptNumber ?? 'payment'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {`${payment.donorName ?? 'The donor'} gave ${formatUSD(payment.amount)}`}
            {Number(payment.refundedAmount) > 0 ? `, of which ${formatUSD(payment.refundedAmount)} was refunded already` : ''}
            {'. The money goes back to their card through the payment provider; the refund is kept in the payment’s history.'}
          </Typography>
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <TextField
            {...textFieldProps(formik, 'amount', `At most ${formatUSD(left / 100)}`)}
            label="Refund amount"
            type="number"
            required
            fullWidth
            autoFocus
            slotProps={{
              htmlInput: { min: 0.01, max: left / 100, step: 0.01, inputMode: 'decimal' },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
          <TextField {...textFieldProps(formik, 'note')} label="Note (optional)" fullWidth multiline minRows={2} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color="warning" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? 'Refunding...' : 'Refund'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
