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
import { t } from '../i18n';

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
        setSent(res?.message || t('auth.forgot.generic'));
        toast({ title: t('auth.forgot.sentTitle'), description: res?.message || t('auth.forgot.generic') });
      } catch (err) {
        const fallback = t('auth.forgot.failed');
        const message = errorMessage(err, fallback);
        setFailure(message);
        toast({ title: fallback, description: message === fallback ? undefined : message, variant: 'destructive' });
      }
    },
  });

  if (sent) {
    return (
      <Box sx={{ textAlign: 'center', display: 'grid', gap: 2, justifyItems: 'center' }} role="status">
        <MarkEmailReadOutlined color="success" sx={{ fontSize: 56 }} />
        <Typography component="h2" variant="h5">
          {t('auth.forgot.sentTitle')}
        </Typography>
        <Typography color="text.secondary">{sent}</Typography>
        <Typography color="text.secondary" variant="body2">
          {t('auth.forgot.validFor')}
        </Typography>
        <Button component={RouterLink} to={paths.signIn.getHref()} variant="contained">
          {t('auth.backToSignIn')}
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <TextField {...textFieldProps(formik, 'email')} label={t('auth.email')} type="email" autoComplete="email" required fullWidth />
      <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting}>
        {formik.isSubmitting ? t('auth.forgot.sending') : t('auth.forgot.submit')}
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t.rich('auth.forgot.remembered', {
          link: (chunks) => (
            <Link component={RouterLink} to={paths.signIn.getHref()}>
              {chunks}
            </Link>
          ),
        })}
      </Typography>
    </Box>
  );
}
