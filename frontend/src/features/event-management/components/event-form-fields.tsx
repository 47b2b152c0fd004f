import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { FormikProps } from 'formik';
import { textFieldProps } from '@/lib/form';
import { templeInputMin } from '@/lib/temple-time';
import type { EventFormValues } from '../schemas';
import { ImageField } from './image-field';

type Props = {
  formik: FormikProps<EventFormValues>;
  onPendingChange: (pending: boolean) => void;
  readFile?: (file: File) => Promise<string>;
  /** Disable past dates in the picker. */
  futureOnly?: boolean;
  /** In the edit form every field is optional and the description may be emptied. */
  mode?: 'create' | 'edit';
};

/** Name, description, location, date and time, capacity and image: shared by create and edit. */
export function EventFormFields({ formik, onPendingChange, readFile, futureOnly = true, mode = 'create' }: Props) {
  const imageError = formik.submitCount > 0 && typeof formik.errors.imageUrl === 'string' ? formik.errors.imageUrl : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <TextField {...textFieldProps(formik, 'name')} label="Event name" required fullWidth autoFocus />
      <TextField {...textFieldProps(formik, 'description')} label="Description" required={mode === 'create'} multiline minRows={3} fullWidth />
      <TextField {...textFieldProps(formik, 'location')} label="Location" required fullWidth />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '3fr 2fr' } }}>
        <TextField
          {...textFieldProps(formik, 'eventDate', 'Pacific Time (temple time)')}
          label="Date and time"
          type="datetime-local"
          required
          fullWidth
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: futureOnly ? templeInputMin() : undefined } }}
        />
        <TextField
          {...textFieldProps(formik, 'capacity', 'Optional: leave empty for no limit')}
          label="Capacity (people)"
          type="number"
          fullWidth
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        />
      </Box>
      <ImageField
        value={formik.values.imageUrl}
        onChange={(v) => void formik.setFieldValue('imageUrl', v)}
        error={imageError}
        onPendingChange={onPendingChange}
        readFile={readFile}
      />
    </Box>
  );
}
