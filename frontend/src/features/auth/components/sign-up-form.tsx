import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { formatGotram, useGotrams } from '@/lib/gotrams';
import { signUp } from '../api/sign-up';
import { signUpSchema, type SignUpValues } from '../schemas';
import { PasswordField } from './password-field';

export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const { toast } = useToast();
  const { gotrams } = useGotrams();
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormikValidatedOnSubmit<SignUpValues>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      phoneNumber: '',
      username: '',
      gotramId: '',
      customGotram: '',
    },
    validationSchema: signUpSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        await signUp({
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          password: values.password,
          phoneNumber: values.phoneNumber.trim(),
          ...(values.username?.trim() ? { username: values.username.trim() } : {}),
          ...(values.customGotram?.trim() ? { customGotram: values.customGotram.trim() } : {}),
          ...(values.gotramId ? { gotramId: Number(values.gotramId) } : {}),
        });
        toast({ title: 'Account created! Please check your email to verify' });
        onSuccess();
      } catch (err) {
        const message = errorMessage(err, 'Failed to sign up');
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        setFailure(message);
        toast({ title: 'Failed to sign up', description: message === 'Failed to sign up' ? undefined : message, variant: 'destructive' });
      }
    },
  });

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextField {...textFieldProps(formik, 'firstName')} label="First name" autoComplete="given-name" required fullWidth />
        <TextField {...textFieldProps(formik, 'lastName')} label="Last name" autoComplete="family-name" required fullWidth />
      </Box>
      <TextField {...textFieldProps(formik, 'email')} label="Email" type="email" autoComplete="email" required fullWidth />
      <TextField
        {...textFieldProps(formik, 'phoneNumber')}
        label="Phone number"
        type="tel"
        autoComplete="tel"
        required
        fullWidth
      />
      <PasswordField
        {...textFieldProps(formik, 'password', 'At least 6 characters')}
        label="Password"
        autoComplete="new-password"
        required
        fullWidth
      />
      <TextField {...textFieldProps(formik, 'username', 'Optional')} label="Username" autoComplete="username" fullWidth />
      <TextField
        {...textFieldProps(formik, 'gotramId', 'Optional')}
        select
        label="Gotram"
        fullWidth
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">None</option>
        {gotrams.map((g) => (
          <option key={g.id} value={String(g.id)}>
            {formatGotram(g)}
          </option>
        ))}
      </TextField>
      <TextField
        {...textFieldProps(formik, 'customGotram', 'Optional: if your gotram is not listed')}
        label="Other gotram"
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting}>
        {formik.isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to={paths.signIn.getHref()}>
          Sign In
        </Link>
      </Typography>
    </Box>
  );
}
