import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { FormikErrors } from 'formik';
import { useId, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import { textFieldProps, useSpecFormik } from '@/lib/form';
import type { PaymentMethod, PaymentMethodIcon } from '@/types/api';
import { createPaymentMethod, updatePaymentMethod, type PaymentMethodBody } from '../api/payment-methods';
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
  const titleId = useId();
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const editing = method !== null;

  const formik = useSpecFormik<PaymentMethodValues>({
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
        if (method) {
          await updatePaymentMethod(method.id, body);
          toast({ title: 'Payment method updated successfully', description: body.displayName });
        } else {
          await createPaymentMethod(body);
          toast({ title: 'Payment method created successfully', description: body.displayName });
        }
        await Promise.all([mutate(apiKeys.paymentMethods), mutate(apiKeys.activePaymentMethods)]);
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

  const busy = formik.isSubmitting;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId}>
      <form noValidate onSubmit={(e) => void handleSubmit(e)}>
        <DialogTitle id={titleId}>{editing ? 'Edit Payment Method' : 'Add Payment Method'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important', gridTemplateColumns: { sm: '1fr 1fr' } }}>
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
