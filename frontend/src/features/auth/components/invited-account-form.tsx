import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { invitedAccountSchema, type InvitedAccountValues } from '../schemas';
import { PasswordField } from './password-field';
import { t } from '../i18n';

type Props = {
  /** The address the invitation went to: the account's e-mail, not editable. */
  email: string;
  /** Creates the account (trimmed values); a refusal is shown on the fields or above them. */
  onSubmit: (values: InvitedAccountValues) => Promise<void>;
  submitLabel: string;
};

/** The account a person creates from an invitation link: name, phone and a password. */
export function InvitedAccountForm({ email, onSubmit, submitLabel }: Props) {
  const [failure, setFailure] = useState<string | null>(null);
  const formik = useFormikValidatedOnSubmit<InvitedAccountValues>({
    initialValues: { firstName: '', lastName: '', phoneNumber: '', password: '' },
    validationSchema: invitedAccountSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        await onSubmit({
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          phoneNumber: values.phoneNumber.trim(),
          password: values.password,
        });
      } catch (err) {
        const fields = err instanceof ApiError ? err.fieldErrors : {};
        helpers.setErrors(fields);
        if (Object.keys(fields).length === 0) setFailure(errorMessage(err, t('auth.invited.failed')));
      }
    },
  });

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label={t('auth.invited.formLabel')} sx={{ display: 'grid', gap: 2.5 }}>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <TextField
        id="invited-email"
        label={t('auth.email')}
        value={email}
        autoComplete="username"
        helperText={t('auth.invited.emailHint')}
        slotProps={{ htmlInput: { readOnly: true } }}
        fullWidth
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextField {...textFieldProps(formik, 'firstName')} label={t('auth.firstName')} autoComplete="given-name" required fullWidth />
        <TextField {...textFieldProps(formik, 'lastName')} label={t('auth.lastName')} autoComplete="family-name" required fullWidth />
      </Box>
      <TextField {...textFieldProps(formik, 'phoneNumber')} label={t('auth.phoneNumber')} type="tel" autoComplete="tel" required fullWidth />
      <PasswordField
        {...textFieldProps(formik, 'password', t('auth.passwordHint'))}
        label={t('auth.password')}
        autoComplete="new-password"
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting}>
        {formik.isSubmitting ? t('auth.creatingAccount') : submitLabel}
      </Button>
    </Box>
  );
}
