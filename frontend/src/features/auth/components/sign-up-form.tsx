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
import { t } from '../i18n';

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
        toast({ title: t('auth.signUp.created') });
        onSuccess();
      } catch (err) {
        const fallback = t('auth.signUp.failed');
        const message = errorMessage(err, fallback);
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        setFailure(message);
        toast({ title: fallback, description: message === fallback ? undefined : message, variant: 'destructive' });
      }
    },
  });

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextField {...textFieldProps(formik, 'firstName')} label={t('auth.firstName')} autoComplete="given-name" required fullWidth />
        <TextField {...textFieldProps(formik, 'lastName')} label={t('auth.lastName')} autoComplete="family-name" required fullWidth />
      </Box>
      <TextField {...textFieldProps(formik, 'email')} label={t('auth.email')} type="email" autoComplete="email" required fullWidth />
      <TextField
        {...textFieldProps(formik, 'phoneNumber')}
        label={t('auth.phoneNumber')}
        type="tel"
        autoComplete="tel"
        required
        fullWidth
      />
      <PasswordField
        {...textFieldProps(formik, 'password', t('auth.passwordHint'))}
        label={t('auth.password')}
        autoComplete="new-password"
        required
        fullWidth
      />
      <TextField {...textFieldProps(formik, 'username', t('auth.signUp.optional'))} label={t('auth.signUp.username')} autoComplete="username" fullWidth />
      <TextField
        {...textFieldProps(formik, 'gotramId', t('auth.signUp.optional'))}
        select
        label={t('auth.signUp.gotram')}
        fullWidth
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('auth.signUp.noGotram')}</option>
        {gotrams.map((g) => (
          <option key={g.id} value={String(g.id)}>
            {formatGotram(g)}
          </option>
        ))}
      </TextField>
      <TextField
        {...textFieldProps(formik, 'customGotram', t('auth.signUp.otherGotramHint'))}
        label={t('auth.signUp.otherGotram')}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting}>
        {formik.isSubmitting ? t('auth.creatingAccount') : t('auth.signUp.submit')}
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t.rich('auth.signUp.haveAccount', {
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
