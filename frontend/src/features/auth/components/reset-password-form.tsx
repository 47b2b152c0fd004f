import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { resetPassword } from '../api/reset-password';
import { resetPasswordSchema, type ResetPasswordValues } from '../schemas';
import { PasswordField } from './password-field';
import { t } from '../i18n';

export function ResetPasswordForm({ token }: { token: string }) {
  const { toast } = useToast();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const formik = useFormikValidatedOnSubmit<ResetPasswordValues>({
    initialValues: { token, password: '', confirmPassword: '' },
    validationSchema: resetPasswordSchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        const res = await resetPassword({ token: values.token, newPassword: values.password });
        setDone(res?.message || t('auth.reset.done'));
      } catch (err) {
        const fallback = t('auth.reset.failed');
        const message = errorMessage(err, fallback);
        setFailure(message);
        toast({ title: fallback, description: message === fallback ? undefined : message, variant: 'destructive' });
      }
    },
  });

  if (done) {
    return (
      <Box sx={{ textAlign: 'center', display: 'grid', gap: 2, justifyItems: 'center' }} role="status">
        <CheckCircleOutlined color="success" sx={{ fontSize: 56 }} />
        <Typography>{done}</Typography>
        <Button component={RouterLink} to={paths.signIn.getHref()} variant="contained">
          {t('auth.signIn')}
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      {failure ? (
        <Alert severity="error">
          {failure}{' '}
          <Link component={RouterLink} to={paths.forgotPassword.getHref()}>
            {t('auth.reset.newLink')}
          </Link>
        </Alert>
      ) : null}
      <PasswordField
        {...textFieldProps(formik, 'password', t('auth.passwordHint'))}
        label={t('auth.reset.newPassword')}
        autoComplete="new-password"
        required
        fullWidth
      />
      <PasswordField
        {...textFieldProps(formik, 'confirmPassword')}
        label={t('auth.reset.confirmPassword')}
        autoComplete="new-password"
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting}>
        {formik.isSubmitting ? t('auth.reset.resetting') : t('auth.reset.submit')}
      </Button>
    </Box>
  );
}
