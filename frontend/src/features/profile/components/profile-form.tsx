import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { useGotrams } from '@/lib/gotrams';
import type { User } from '@/types/api';
import { useUpdateProfile } from '../api/update-profile';
import { t } from '../i18n';
import { profileSchema, type ProfileValues } from '../schemas';
import { GotramPicker } from './gotram-picker';

export function ProfileForm({ user }: { user: User }) {
  const { toast } = useToast();
  const updateProfile = useUpdateProfile();
  const { gotrams, isLoading: gotramsLoading } = useGotrams();

  const formik = useFormikValidatedOnSubmit<ProfileValues>({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber ?? '',
      gotramId: user.gotramId !== null && user.gotramId !== undefined ? String(user.gotramId) : '',
      customGotram: user.customGotram ?? '',
      mailingAddress: user.mailingAddress ?? '',
    },
    enableReinitialize: false,
    validationSchema: profileSchema,
    onSubmit: async (values, helpers) => {
      try {
        await updateProfile({
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          phoneNumber: values.phoneNumber?.trim() ? values.phoneNumber.trim() : null,
          gotramId: values.gotramId ? Number(values.gotramId) : null,
          customGotram: values.customGotram?.trim() ? values.customGotram.trim() : null,
          mailingAddress: values.mailingAddress?.trim() ? values.mailingAddress.trim() : null,
        });
        toast({ title: t('profile.updated'), description: t('profile.updatedDescription') });
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        toast({
          title: t('profile.updateFailed'),
          description: errorMessage(err, t('profile.somethingWrong')),
          variant: 'destructive',
        });
      }
    },
  });

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextField {...textFieldProps(formik, 'firstName')} label={t('profile.firstName')} autoComplete="given-name" required fullWidth />
        <TextField {...textFieldProps(formik, 'lastName')} label={t('profile.lastName')} autoComplete="family-name" required fullWidth />
      </Box>
      <TextField {...textFieldProps(formik, 'phoneNumber')} label={t('profile.phoneNumber')} type="tel" autoComplete="tel" fullWidth />
      <GotramPicker
        gotrams={gotrams}
        loading={gotramsLoading}
        value={formik.values.gotramId ? Number(formik.values.gotramId) : null}
        onChange={(id) => void formik.setFieldValue('gotramId', id === null ? '' : String(id))}
      />
      <TextField
        {...textFieldProps(formik, 'customGotram', t('profile.customGotramHelp'))}
        label={t('profile.customGotram')}
        fullWidth
      />
      <TextField
        {...textFieldProps(formik, 'mailingAddress', t('profile.addressHelp'))}
        label={t('profile.address')}
        autoComplete="street-address"
        multiline
        minRows={2}
        fullWidth
      />
      <Box>
        <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? t('profile.saving') : t('profile.save')}
        </Button>
      </Box>
    </Box>
  );
}
