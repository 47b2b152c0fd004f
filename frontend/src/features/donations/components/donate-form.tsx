import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ChangeEvent } from 'react';
import { textFieldProps, useSpecFormik } from '@/lib/form';
import { formatUSD } from '@/lib/format';
import type { DonationDetail } from '@/types/api';
import { useDonationTypes } from '../api/get-donation-types';
import {
  amountInputValue,
  buildDonationDetails,
  OTHER_DEFAULT_AMOUNT,
  OTHER_PURPOSE,
  parseAmount,
} from '../lib/amounts';
import { donateSchema, type DonateValues } from '../schemas';

export type DonateSubmission = {
  amount: number;
  donationTypeId: string;
  notes: string;
  donationDetails: DonationDetail[];
  /** The purpose's display name. */
  purposeName: string;
};

type Props = {
  initialValues?: Partial<DonateValues>;
  onSubmit: (submission: DonateSubmission) => void;
};

/**
 * /donate step 1: amount, purpose (the active donation types plus 'Other') and notes.
 * Choosing 'Other' sets 101 when the amount is empty or 0; choosing a type with a default amount
 * fills the amount in.
 */
export function DonateForm({ initialValues, onSubmit }: Props) {
  const { donationTypes, isLoading, error } = useDonationTypes({ tolerate401: true });

  const formik = useSpecFormik<DonateValues>({
    initialValues: { amount: '', donationTypeId: '', notes: '', ...initialValues },
    validationSchema: donateSchema,
    onSubmit: (values) => {
      const amount = Math.round(Number(values.amount) * 100) / 100;
      const type = donationTypes.find((t) => t.id === values.donationTypeId) ?? null;
      onSubmit({
        amount,
        donationTypeId: values.donationTypeId,
        notes: values.notes.trim(),
        donationDetails: buildDonationDetails(type, amount, 'Other'),
        purposeName: type?.name ?? 'Other',
      });
    },
  });

  function handlePurpose(e: ChangeEvent<HTMLInputElement>) {
    const id = e.target.value;
    void formik.setFieldValue('donationTypeId', id);
    if (id === OTHER_PURPOSE) {
      const current = parseAmount(formik.values.amount);
      if (current === null || current === 0) void formik.setFieldValue('amount', String(OTHER_DEFAULT_AMOUNT));
      return;
    }
    const type = donationTypes.find((t) => t.id === id);
    const preset = parseAmount(type?.defaultAmount);
    if (preset !== null && preset > 0) void formik.setFieldValue('amount', amountInputValue(preset));
  }

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2.5 }} aria-label="Donation details">
      {error ? <Alert severity="warning">Donation purposes could not be loaded. You can still choose Other.</Alert> : null}
      <TextField
        {...textFieldProps(formik, 'donationTypeId')}
        select
        label="Purpose"
        onChange={handlePurpose}
        required
        fullWidth
        disabled={isLoading}
      >
        {donationTypes.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {parseAmount(t.defaultAmount) ? `${t.name} (${formatUSD(t.defaultAmount)})` : t.name}
          </MenuItem>
        ))}
        <MenuItem value={OTHER_PURPOSE}>Other</MenuItem>
      </TextField>
      <TextField
        {...textFieldProps(formik, 'amount')}
        label="Amount"
        type="number"
        required
        fullWidth
        slotProps={{
          htmlInput: { min: 1, max: 1000000, step: 0.01, inputMode: 'decimal' },
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        }}
      />
      <TextField
        {...textFieldProps(formik, 'notes', 'Optional: a dedication or a note for the temple')}
        label="Notes"
        multiline
        minRows={3}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large">
        Continue to Payment
      </Button>
    </Box>
  );
}
