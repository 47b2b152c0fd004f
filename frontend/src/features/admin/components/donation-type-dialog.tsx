import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useSWRConfig } from 'swr';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import { textFieldProps, useSpecFormik } from '@/lib/form';
import type { DonationType } from '@/types/api';
import { createDonationType, updateDonationType, type DonationTypeBody } from '../api/donation-types';
import { donationTypeSchema, type DonationTypeValues } from '../schemas';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The type to edit; null creates a new one. */
  donationType: DonationType | null;
};

/** '25' -> '25.00'; '' -> null (an empty default amount is sent as null). */
export function toDefaultAmount(value: string | number | null | undefined): string | null {
  // Formik gives numbers for type=number inputs.
  const v = String(value ?? '').trim();
  if (!v) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n.toFixed(2) : v;
}

export function DonationTypeDialog({ open, onClose, donationType }: Props) {
  const titleId = useId();
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const editing = donationType !== null;

  const formik = useSpecFormik<DonationTypeValues>({
    initialValues: {
      name: donationType?.name ?? '',
      description: donationType?.description ?? '',
      defaultAmount: donationType?.defaultAmount ?? '',
      isActive: donationType?.isActive ?? true,
    },
    validationSchema: donationTypeSchema,
    onSubmit: async (values) => {
      const body: DonationTypeBody = {
        name: values.name.trim(),
        description: values.description.trim() || null,
        defaultAmount: toDefaultAmount(values.defaultAmount),
        isActive: values.isActive,
      };
      try {
        if (donationType) {
          await updateDonationType(donationType.id, body);
          toast({ title: 'Donation type updated', description: body.name });
        } else {
          await createDonationType(body);
          toast({ title: 'Donation type created', description: body.name });
        }
        await mutate(apiKeys.donationTypes);
        onClose();
      } catch (err) {
        toast({ title: 'Error', description: errorMessage(err, 'Failed to save donation type'), variant: 'destructive' });
      }
    },
  });

  const busy = formik.isSubmitting;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId}>
      <form noValidate onSubmit={formik.handleSubmit}>
        <DialogTitle id={titleId}>{editing ? 'Edit Donation Type' : 'Add Donation Type'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          <TextField {...textFieldProps(formik, 'name')} label="Name" required fullWidth autoFocus />
          <TextField {...textFieldProps(formik, 'description')} label="Description" multiline minRows={2} fullWidth />
          <TextField
            {...textFieldProps(formik, 'defaultAmount', 'Optional: prefilled for donors choosing this type')}
            label="Default amount"
            type="number"
            fullWidth
            slotProps={{
              htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
          <FormControlLabel
            control={<Switch name="isActive" checked={formik.values.isActive} onChange={formik.handleChange} />}
            label="Active (offered to donors)"
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : editing ? 'Save Changes' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
