import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { FormikErrors } from 'formik';
import type { FormEvent } from 'react';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { PaymentMethod, PaymentMethodBody, PaymentMethodIcon } from '@/types/api';
import { CatalogueDialog } from '../../components/catalogue-dialog';
import { useSavePaymentMethod } from '../api/payment-methods';
import { paymentMethodFieldOrder, paymentMethodIcons, paymentMethodSchema, type PaymentMethodValues } from '../schemas';

const iconLabels: Record<PaymentMethodIcon, string> = {
  'credit-card': 'Credit card',
  dollar: 'Dollar',
  cash: 'Cash',
  bank: 'Bank',
  building: 'Building',
};

type Props = {
  open: boolean;
  onClose: () => void;
  /** The method to edit; null creates a new one. */
  method: PaymentMethod | null;
};

export function firstError(errors: FormikErrors<PaymentMethodValues>): string | null {
  for (const f of paymentMethodFieldOrder) {
    const e = errors[f];
    if (typeof e === 'string') return e;
  }
  return null;
}

export function PaymentMethodDialog({ open, onClose, method }: Props) {
  const { toast } = useToast();
  const savePaymentMethod = useSavePaymentMethod();
  const editing = method !== null;

  const formik = useFormikValidatedOnSubmit<PaymentMethodValues>({
    initialValues: {
      name: method?.name ?? '',
      displayName: method?.displayName ?? '',
      description: method?.description ?? '',
      icon: method?.icon ?? '',
      isActive: method?.isActive ?? true,
      sortOrder: String(method?.sortOrder ?? 0),
    },
    validationSchema: paymentMethodSchema,
    onSubmit: async (values) => {
      const body: PaymentMethodBody = {
        name: values.name.trim(),
        displayName: values.displayName.trim(),
        description: values.description.trim() || null,
        isActive: values.isActive,
        sortOrder: String(values.sortOrder ?? '').trim() ? Number(values.sortOrder) : 0,
        icon: values.icon || null,
      };
      try {
        await savePaymentMethod(method?.id ?? null, body);
        toast({
          title: method ? 'Payment method updated successfully' : 'Payment method created successfully',
          description: body.displayName,
        });
        onClose();
      } catch (err) {
        toast({
          title: method ? 'Unable to Update Payment Method' : 'Unable to Create Payment Method',
          description: errorMessage(err, 'Please check the details and try again.'),
          variant: 'destructive',
        });
      }
    },
  });

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const errors = await formik.validateForm();
    const first = firstError(errors);
    if (first) toast({ title: 'Validation Error', description: first, variant: 'destructive' });
    await formik.submitForm();
  }

  return (
    <CatalogueDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Payment Method' : 'Add Payment Method'}
      editing={editing}
      busy={formik.isSubmitting}
      onSubmit={(e) => void handleSubmit(e)}
      contentSx={{ gridTemplateColumns: { sm: '1fr 1fr' } }}
    >
      <TextField
        {...textFieldProps(formik, 'name', 'Internal identifier: lowercase, no spaces (e.g. stripe, zelle)')}
        label="Name"
        required
        fullWidth
        autoFocus
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      />
      <TextField
        {...textFieldProps(formik, 'displayName', 'What donors see')}
        label="Display name"
        required
        fullWidth
      />
      <TextField
        {...textFieldProps(formik, 'description')}
        label="Description"
        multiline
        minRows={2}
        fullWidth
        sx={{ gridColumn: { sm: '1 / -1' } }}
      />
      <TextField {...textFieldProps(formik, 'icon')} select label="Icon" fullWidth>
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {paymentMethodIcons.map((i) => (
          <MenuItem key={i} value={i}>
            {iconLabels[i]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...textFieldProps(formik, 'sortOrder', 'Lower numbers are listed first')}
        label="Sort order"
        type="number"
        fullWidth
        slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
      />
      <FormControlLabel
        sx={{ gridColumn: { sm: '1 / -1' } }}
        control={<Switch name="isActive" checked={formik.values.isActive} onChange={formik.handleChange} />}
        label="Active (offered to donors)"
      />
    </CatalogueDialog>
  );
}
