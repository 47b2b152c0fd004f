import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent } from 'react';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { initials } from '@/lib/avatar';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { IMAGE_TYPES, readAsDataUrl, validateImageFile } from '@/lib/image-file';
import type { Priest, PriestBody } from '@/types/api';
import { CatalogueDialog } from '../../components/catalogue-dialog';
import { useSavePriest } from '../api/temple';
import { priestSchema, type PriestValues } from '../schemas';

/** The form's values as the API body: specialties split on commas; the photo is a new data URL, the current URL, or null. */
export function toPriestBody(v: PriestValues): PriestBody {
  return {
    name: v.name.trim(),
    title: v.title.trim() || null,
    bio: v.bio.trim() || null,
    specialties: v.specialties
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    photo: v.photo,
  };
}

type Props = { open: boolean; onClose: () => void; priest: Priest | null };

export function PriestDialog({ open, onClose, priest }: Props) {
  const { toast } = useToast();
  const savePriest = useSavePriest();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const editing = priest !== null;
  const formik = useFormikValidatedOnSubmit<PriestValues>({
    initialValues: {
      name: priest?.name ?? '',
      title: priest?.title ?? '',
      bio: priest?.bio ?? '',
      specialties: priest?.specialties.join(', ') ?? '',
      photo: priest?.photoUrl ?? null,
    },
    validationSchema: priestSchema,
    onSubmit: async (values) => {
      const body = toPriestBody(values);
      try {
        await savePriest(priest?.id ?? null, body);
        toast({ title: editing ? 'Priest updated' : 'Priest added', description: body.name });
        onClose();
      } catch (err) {
        toast({ title: 'Error', description: errorMessage(err, 'Failed to save priest'), variant: 'destructive' });
      }
    },
  });

  async function choosePhoto(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = validateImageFile(file);
    setPhotoError(problem);
    if (problem) return;
    await formik.setFieldValue('photo', await readAsDataUrl(file));
  }

  const [first, ...rest] = (formik.values.name || '?').replace(/^Sri\s+/, '').split(' ');
  return (
    <CatalogueDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Priest' : 'Add Priest'}
      editing={editing}
      busy={formik.isSubmitting}
      onSubmit={formik.handleSubmit}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Avatar
          src={formik.values.photo ?? undefined}
          alt={formik.values.photo ? 'Photo preview' : undefined}
          sx={{ width: 72, height: 72, fontSize: 26, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {initials(first, rest.join(' '))}
        </Avatar>
        <Button component="label" variant="outlined" startIcon={<PhotoCameraOutlined />}>
          {formik.values.photo ? 'Change photo' : 'Upload photo'}
          <input hidden type="file" accept={IMAGE_TYPES.join(',')} aria-label="Photo" onChange={(e) => void choosePhoto(e)} />
        </Button>
        {formik.values.photo ? (
          <Button color="inherit" onClick={() => void formik.setFieldValue('photo', null)}>
            Remove photo
          </Button>
        ) : null}
        {photoError ? (
          <FormHelperText error sx={{ width: '100%' }}>
            {photoError}
          </FormHelperText>
        ) : null}
      </Box>
      <TextField {...textFieldProps(formik, 'name')} label="Name" required fullWidth autoFocus />
      <TextField {...textFieldProps(formik, 'title')} label="Title" fullWidth />
      <TextField {...textFieldProps(formik, 'bio')} label="Bio" multiline minRows={3} fullWidth />
      <TextField {...textFieldProps(formik, 'specialties', 'Separated by commas, e.g. Homams, Vedic chanting')} label="Specialties" fullWidth />
    </CatalogueDialog>
  );
}
