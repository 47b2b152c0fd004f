import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useSWRConfig } from 'swr';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import { useAuth } from '@/lib/auth';
import { textFieldProps, useSpecFormik } from '@/lib/form';
import { formatGotram, useGotrams } from '@/lib/gotrams';
import type { User } from '@/types/api';
import { updateProfile } from '../api/update-profile';
import { profileSchema, type ProfileValues } from '../schemas';

export function ProfileForm({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const { gotrams } = useGotrams();

  const formik = useSpecFormik<ProfileValues>({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber ?? '',
      gotramId: user.gotramId !== null && user.gotramId !== undefined ? String(user.gotramId) : '',
    },
    enableReinitialize: false,
    validationSchema: profileSchema,
    onSubmit: async (values, helpers) => {
      try {
        const updated = await updateProfile({
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          phoneNumber: values.phoneNumber?.trim() ? values.phoneNumber.trim() : null,
          gotramId: values.gotramId ? Number(values.gotramId) : null,
        });
        updateUser(updated);
        void mutate(apiKeys.me, updated, { revalidate: false });
        toast({ title: 'Profile updated!', description: 'Your profile information has been updated successfully.' });
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        toast({
          title: 'Update failed',
          description: errorMessage(err, 'Something went wrong. Please try again.'),
          variant: 'destructive',
        });
      }
    },
  });

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextField {...textFieldProps(formik, 'firstName')} label="First name" autoComplete="given-name" required fullWidth />
        <TextField {...textFieldProps(formik, 'lastName')} label="Last name" autoComplete="family-name" required fullWidth />
      </Box>
      <TextField {...textFieldProps(formik, 'phoneNumber')} label="Phone number" type="tel" autoComplete="tel" fullWidth />
      <TextField
        {...textFieldProps(formik, 'gotramId')}
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
      <Box>
        <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? 'Saving...' : 'Save Changes'}
        </Button>
      </Box>
    </Box>
  );
}
