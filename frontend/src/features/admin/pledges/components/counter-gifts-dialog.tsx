import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormikErrors } from 'formik';
import { useId, useState } from 'react';
import * as yup from 'yup';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { formatDate, formatUSD } from '@/lib/format';
import type { PledgeWithMember } from '@/types/api';
import { usePledgeGifts } from '../api/pledges';

export const RECEIPT_REQUIRED = 'Enter the receipt number printed on the counter receipt';

const schema = yup.object({ receiptNumber: yup.string().trim().required(RECEIPT_REQUIRED) });

/**
 * The counter gifts the treasurer counts toward a pledge by hand (a member who gave at the counter
 * without giving their name): the ones counted, each to take back, and a receipt number to add.
 */
export function CounterGiftsDialog({ pledge, onClose }: { pledge: PledgeWithMember; onClose: () => void }) {
  const titleId = useId();
  const introId = useId();
  const { toast } = useToast();
  const gifts = usePledgeGifts();
  // The pledge as the last answer had it (the list reloads behind the dialog).
  const [current, setCurrent] = useState(pledge);
  const [removing, setRemoving] = useState<string | null>(null);
  const formik = useFormikValidatedOnSubmit<{ receiptNumber: string }>({
    initialValues: { receiptNumber: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const number = values.receiptNumber.trim();
      try {
        setCurrent(await gifts.count(current.id, number));
        toast({ title: 'Gift counted toward the pledge', description: number });
        helpers.resetForm();
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<{ receiptNumber: string }>);
        toast({ title: 'Error', description: errorMessage(err, 'The gift could not be counted'), variant: 'destructive' });
      }
    },
  });

  async function remove(paymentId: string, receiptNumber: string) {
    setRemoving(paymentId);
    try {
      setCurrent(await gifts.uncount(current.id, paymentId));
      toast({ title: 'Gift no longer counted', description: receiptNumber });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The gift could not be taken back'), variant: 'destructive' });
    } finally {
      setRemoving(null);
    }
  }

  const busy = formik.isSubmitting || removing !== null;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={introId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Counter gifts for {current.memberName}’s pledge</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id={introId}>
          {`${formatUSD(current.amount)} to ${current.fundName}: ${formatUSD(current.fulfilled)} given. `}
          Gifts under the member’s account count by themselves; count here a gift they made at the counter without giving their name.
        </DialogContentText>
        {current.assignedGifts.length > 0 ? (
          <Box component="ul" aria-label="Counted counter gifts" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {current.assignedGifts.map((g) => (
              <Box component="li" key={g.paymentId} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ flex: '1 1 240px', overflowWrap: 'anywhere' }}>
                  <Box component="span" sx={{ fontFamily: 'monospace' }}>
                    {g.receiptNumber}
                  </Box>
                  {` · ${formatDate(g.paidAt)} · ${formatUSD(g.amount)}${g.donorName ? ` · ${g.donorName}` : ''}`}
                </Typography>
                <Button
                  size="small"
                  color="error"
                  disabled={busy}
                  onClick={() => void remove(g.paymentId, g.receiptNumber)}
                  aria-label={`Stop counting ${g.receiptNumber}`}
                >
                  Stop counting
                </Button>
              </Box>
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No counter gifts counted by hand yet.
          </Typography>
        )}
        {current.status === 'active' ? (
          <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField {...textFieldProps(formik, 'receiptNumber')} label="Receipt number" autoComplete="off" sx={{ flex: '1 1 240px' }} />
            <Button type="submit" variant="outlined" disabled={busy} sx={{ mt: 1 }}>
              {formik.isSubmitting ? 'Counting...' : 'Count toward pledge'}
            </Button>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
