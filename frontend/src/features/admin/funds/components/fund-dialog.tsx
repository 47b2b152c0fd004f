import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { FormikErrors } from 'formik';
import { useId } from 'react';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { Fund } from '@/types/api';
import { CatalogueDialog } from '../../components/catalogue-dialog';
import { useSaveFund } from '../api/funds';
import { changedFundFields, fundSchema, fundValues, GENERAL_STAYS_ACTIVE, toFundBody, type FundValues } from '../schemas';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The fund to edit; null creates a new one. */
  fund: Fund | null;
};

/** A switch bound to a boolean field, with its explanation (or the server's refusal) under it. */
function SwitchField({
  formik,
  name,
  label,
  help,
  disabled = false,
}: {
  formik: ReturnType<typeof useFormikValidatedOnSubmit<FundValues>>;
  name: 'restricted' | 'isActive';
  label: string;
  help: string;
  disabled?: boolean;
}) {
  const helpId = useId();
  const error = formik.submitCount > 0 ? formik.errors[name] : undefined;
  return (
    <FormControl error={Boolean(error)}>
      <FormControlLabel
        control={
          <Switch
            name={name}
            checked={formik.values[name]}
            onChange={formik.handleChange}
            disabled={disabled}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={label}
      />
      <FormHelperText id={helpId} sx={{ mt: -0.5 }}>
        {error ?? help}
      </FormHelperText>
    </FormControl>
  );
}

/** Creates or edits a fund: its name, description, goal, campaign dates, restricted and active. */
export function FundDialog({ open, onClose, fund }: Props) {
  const { toast } = useToast();
  const saveFund = useSaveFund();
  const editing = fund !== null;
  const general = fund?.isGeneral ?? false;

  const formik = useFormikValidatedOnSubmit<FundValues>({
    initialValues: fundValues(fund),
    validationSchema: fundSchema,
    onSubmit: async (values, helpers) => {
      const body = fund ? changedFundFields(fund, values) : toFundBody(values);
      if (fund && Object.keys(body).length === 0) {
        onClose();
        return;
      }
      try {
        const saved = await saveFund(fund?.id ?? null, body);
        toast({ title: editing ? 'Fund updated' : 'Fund created', description: saved.name });
        onClose();
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<FundValues>);
        toast({ title: 'Error', description: errorMessage(err, 'Failed to save the fund'), variant: 'destructive' });
      }
    },
  });

  return (
    <CatalogueDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Fund' : 'Add Fund'}
      editing={editing}
      busy={formik.isSubmitting}
      onSubmit={formik.handleSubmit}
    >
      <TextField {...textFieldProps(formik, 'name')} label="Name" required fullWidth autoFocus />
      <TextField
        {...textFieldProps(formik, 'description', 'Shown on the fund’s public page')}
        label="Description"
        multiline
        minRows={2}
        fullWidth
      />
      <TextField
        {...textFieldProps(formik, 'goal', 'Optional: a campaign’s target, shown as a progress bar')}
        label="Goal"
        fullWidth
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...textFieldProps(formik, 'startsOn', 'Optional')}
          label="Campaign starts"
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          {...textFieldProps(formik, 'endsOn', 'Optional')}
          label="Campaign ends"
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <SwitchField
        formik={formik}
        name="restricted"
        label="Restricted"
        help="Given for this purpose only: reported apart in the ledger’s totals."
      />
      <SwitchField
        formik={formik}
        name="isActive"
        label="Active"
        disabled={general}
        help={general ? GENERAL_STAYS_ACTIVE : 'Offered to donation types and shown on the public funds page.'}
      />
    </CatalogueDialog>
  );
}
