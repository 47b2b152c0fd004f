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
import { useAuth } from '@/lib/auth';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { signIn as signInRequest } from '../api/sign-in';
import { signInSchema, type SignInValues } from '../schemas';
import { PasswordField } from './password-field';
import { t } from '../i18n';

export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const { signIn } = useAuth();
  const { toast } = useToast();
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormikValidatedOnSubmit<SignInValues>({
    initialValues: { email: '', password: '' },
    validationSchema: signInSchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        const res = await signInRequest({ email: values.email.trim(), password: values.password });
        if (!res?.token) console.warn('Sign-in answer carried no token');
        signIn(res.token, res.user);
        toast({ title: t('auth.signIn.welcome'), description: t('auth.signIn.signedInAs', { email: res.user.email }) });
        onSuccess();
      } catch (err) {
        const message = errorMessage(err, t('auth.signIn.failed'));
        setFailure(message);
        toast({ title: t('auth.signIn.authFailed'), description: message, variant: 'destructive' });
      }
    },
  });

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <TextField {...textFieldProps(formik, 'email')} label={t('auth.email')} type="email" autoComplete="email" required fullWidth />
      <PasswordField
        {...textFieldProps(formik, 'password')}
        label={t('auth.password')}
        autoComplete="current-password"
        required
        fullWidth
      />
      <Box sx={{ textAlign: 'right', mt: -1 }}>
        <Link component={RouterLink} to={paths.forgotPassword.getHref()} variant="body2">
          {t('auth.signIn.forgot')}
        </Link>
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting}>
        {formik.isSubmitting ? t('auth.signIn.submitting') : t('auth.signIn')}
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t.rich('auth.signIn.noAccount', {
          link: (chunks) => (
            <Link component={RouterLink} to={paths.signUp.getHref()}>
              {chunks}
            </Link>
          ),
        })}
      </Typography>
    </Box>
  );
}
