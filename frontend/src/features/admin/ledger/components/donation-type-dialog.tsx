import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { FormikErrors } from 'formik';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { DonationType, DonationTypeBody, Fund } from '@/types/api';
import { CatalogueDialog } from '../../components/catalogue-dialog';
import { useAllFunds } from '../../funds/api/funds';
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

/**
 * The funds a type may give to: '' (the General fund), then the active funds, and the type's own
 * fund when it is inactive (or not loaded), so the choice it has stays shown.
 */
export function fundOptions(funds: Fund[] | undefined, current: string): { value: string; label: string }[] {
  const options = [{ value: '', label: 'General' }];
  for (const f of funds ?? []) {
    if (f.isActive && !f.isGeneral) options.push({ value: f.id, label: f.restricted ? `${f.name} (restricted)` : f.name });
  }
  if (current && !options.some((o) => o.value === current)) {
    const fund = funds?.find((f) => f.id === current);
    options.push({ value: current, label: fund ? (fund.isGeneral ? fund.name : `${fund.name} (inactive)`) : 'Current fund' });
  }
  return options;
}

export function DonationTypeDialog({ open, onClose, donationType }: Props) {
  const { toast } = useToast();
  const saveDonationType = useSaveDonationType();
  const editing = donationType !== null;
  const { funds, error: fundsError, isLoading: fundsLoading } = useAllFunds();

  const formik = useFormikValidatedOnSubmit<DonationTypeValues>({
    initialValues: {
      name: donationType?.name ?? '',
      description: donationType?.description ?? '',
      defaultAmount: donationType?.defaultAmount ?? '',
      isActive: donationType?.isActive ?? true,
      fundId: donationType?.fundId ?? '',
    },
    validationSchema: donationTypeSchema,
    onSubmit: async (values, helpers) => {
      const body: DonationTypeBody = {
        name: values.name.trim(),
        description: values.description.trim() || null,
        defaultAmount: toDefaultAmount(values.defaultAmount),
        isActive: values.isActive,
        fundId: values.fundId || null,
      };
      try {
        await saveDonationType(donationType?.id ?? null, body);
        toast({ title: editing ? 'Donation type updated' : 'Donation type created', description: body.name });
        onClose();
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<DonationTypeValues>);
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
      <TextField
        {...textFieldProps(
          formik,
          'fundId',
          fundsLoading ? 'Loading funds...' : fundsError ? 'The funds could not be loaded; the type keeps its fund.' : 'Where its gifts go',
        )}
        select
        label="Fund"
        fullWidth
        // '' is the General fund: shown by its name, not as an empty field.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        {fundOptions(funds, formik.values.fundId).map((o) => (
          <MenuItem key={o.value || 'general'} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch name="isActive" checked={formik.values.isActive} onChange={formik.handleChange} />}
        label="Active (offered to donors)"
      />
    </CatalogueDialog>
  );
}
