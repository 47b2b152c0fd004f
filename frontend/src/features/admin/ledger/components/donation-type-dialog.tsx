import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { DonationType, DonationTypeBody } from '@/types/api';
import { CatalogueDialog } from '../../components/catalogue-dialog';
import { useSaveDonationType } from '../api/donation-types';
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
  const { toast } = useToast();
  const saveDonationType = useSaveDonationType();
  const editing = donationType !== null;

  const formik = useFormikValidatedOnSubmit<DonationTypeValues>({
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
        await saveDonationType(donationType?.id ?? null, body);
        toast({ title: editing ? 'Donation type updated' : 'Donation type created', description: body.name });
        onClose();
      } catch (err) {
        toast({ title: 'Error', description: errorMessage(err, 'Failed to save donation type'), variant: 'destructive' });
      }
    },
  });

  return (
    <CatalogueDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Donation Type' : 'Add Donation Type'}
      editing={editing}
      busy={formik.isSubmitting}
      onSubmit={formik.handleSubmit}
    >
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
    </CatalogueDialog>
  );
}
