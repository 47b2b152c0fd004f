import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
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
import { errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { forgotPassword } from '../api/forgot-password';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../schemas';

const GENERIC = 'If an account exists for that email, a password reset link has been sent.';

export function ForgotPasswordForm() {
  const { toast } = useToast();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormikValidatedOnSubmit<ForgotPasswordValues>({
    initialValues: { email: '' },
    validationSchema: forgotPasswordSchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        const res = await forgotPassword({ email: values.email.trim() });
        setSent(res?.message || GENERIC);
        toast({ title: 'Password Reset Email Sent', description: res?.message || GENERIC });
      } catch (err) {
        const message = errorMessage(err, 'Failed to request password reset');
        setFailure(message);
        toast({ title: 'Failed to request password reset', description: message === 'Failed to request password reset' ? undefined : message, variant: 'destructive' });
      }
    },
  });

  if (sent) {
    return (
      <Box sx={{ textAlign: 'center', display: 'grid', gap: 2, justifyItems: 'center' }} role="status">
        <MarkEmailReadOutlined color="success" sx={{ fontSize: 56 }} />
        <Typography component="h2" variant="h5">
          Password Reset Email Sent
        </Typography>
        <Typography color="text.secondary">{sent}</Typography>
        <Typography color="text.secondary" variant="body2">
          The link in the e-mail is valid for one hour.
        </Typography>
        <Button component={RouterLink} to={paths.signIn.getHref()} variant="contained">
          Back to Sign In
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <TextField {...textFieldProps(formik, 'email')} label="Email" type="email" autoComplete="email" required fullWidth />
      <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting}>
        {formik.isSubmitting ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        Remembered it?{' '}
        <Link component={RouterLink} to={paths.signIn.getHref()}>
          Back to Sign In
        </Link>
      </Typography>
    </Box>
  );
}
