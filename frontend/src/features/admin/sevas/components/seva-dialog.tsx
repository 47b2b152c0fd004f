import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { FormikErrors } from 'formik';
import { useState, type ChangeEvent } from 'react';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { IMAGE_TYPES, readAsDataUrl, validateImageFile } from '@/lib/image-file';
import type { Seva, SevaBody } from '@/types/api';
import { CatalogueDialog } from '../../components/catalogue-dialog';
import { WEEKDAYS } from '../../lib/weekdays';
import { useSaveSeva } from '../api/sevas';
import { sevaSchema, type SevaValues } from '../schemas';

export const CATEGORIES = [
  ['temple', 'At the temple'],
  ['home', 'At the devotee’s home'],
  ['proxy', 'By proxy'],
] as const;

/** The form's values as the API body (price in cents; blackout dates split on commas or spaces). */
export function toSevaBody(v: SevaValues): SevaBody {
  return {
    name: v.name.trim(),
    description: v.description.trim() || null,
    category: v.category,
    priceKind: v.priceKind,
    priceCents: Math.round(Number(v.price) * 100),
    durationMinutes: Number(v.durationMinutes),
    weekdays: v.weekdays,
    capacityMode: v.capacityMode,
    slots: v.capacityMode === 'slots' ? v.slots.map((s) => ({ time: s.time.padStart(5, '0'), capacity: Number(s.capacity) })) : [],
    dailyCapacity: v.capacityMode === 'daily' ? Number(v.dailyCapacity) : null,
    blackoutDates: v.blackoutDates.split(/[\s,]+/).filter(Boolean),
    horizonDays: Number(v.horizonDays),
    cutoffHours: Number(v.cutoffHours),
    requiresAddress: v.requiresAddress,
    isActive: v.isActive,
    sortOrder: Number(v.sortOrder) || 0,
    image: v.image,
  };
}

export function sevaValues(seva: Seva | null): SevaValues {
  return {
    name: seva?.name ?? '',
    description: seva?.description ?? '',
    category: seva?.category ?? 'temple',
    priceKind: seva?.priceKind ?? 'fixed',
    price: seva ? (seva.priceCents / 100).toFixed(2) : '',
    durationMinutes: seva ? String(seva.durationMinutes) : '30',
    weekdays: seva?.weekdays ?? WEEKDAYS.map(([d]) => d),
    capacityMode: seva?.capacityMode ?? 'slots',
    slots: seva?.slots.map((s) => ({ time: s.time, capacity: String(s.capacity) })) ?? [{ time: '09:00', capacity: '5' }],
    dailyCapacity: seva?.dailyCapacity ? String(seva.dailyCapacity) : '',
    blackoutDates: seva?.blackoutDates.join(', ') ?? '',
    horizonDays: seva ? String(seva.horizonDays) : '60',
    cutoffHours: seva ? String(seva.cutoffHours) : '12',
    requiresAddress: seva?.requiresAddress ?? false,
    isActive: seva?.isActive ?? true,
    sortOrder: seva ? String(seva.sortOrder) : '0',
    image: seva?.imageUrl ?? null,
  };
}

type Props = { open: boolean; onClose: () => void; seva: Seva | null };

export function SevaDialog({ open, onClose, seva }: Props) {
  const { toast } = useToast();
  const saveSeva = useSaveSeva();
  const [imageError, setImageError] = useState<string | null>(null);
  const editing = seva !== null;
  const formik = useFormikValidatedOnSubmit<SevaValues>({
    initialValues: sevaValues(seva),
    validationSchema: sevaSchema,
    onSubmit: async (values, helpers) => {
      const body = toSevaBody(values);
      try {
        await saveSeva(seva?.id ?? null, body);
        toast({ title: editing ? 'Seva updated' : 'Seva added', description: body.name });
        onClose();
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<SevaValues>);
        toast({ title: 'Error', description: errorMessage(err, 'Failed to save seva'), variant: 'destructive' });
      }
    },
  });
  const v = formik.values;
  const shown = (name: string) => (formik.submitCount > 0 ? ((formik.errors as Record<string, unknown>)[name] as unknown) : undefined);
  const weekdaysError = shown('weekdays') as string | undefined;
  const slotsError = shown('slots');

  async function chooseImage(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = validateImageFile(file);
    setImageError(problem);
    if (problem) return;
    await formik.setFieldValue('image', await readAsDataUrl(file));
  }

  return (
    <CatalogueDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Seva' : 'Add Seva'}
      editing={editing}
      busy={formik.isSubmitting}
      onSubmit={formik.handleSubmit}
    >
      <TextField {...textFieldProps(formik, 'name')} label="Name" required fullWidth autoFocus />
      <TextField {...textFieldProps(formik, 'description')} label="Description" multiline minRows={2} fullWidth />
      <TextField
        {...textFieldProps(formik, 'category')}
        select
        label="Where"
        required
        fullWidth
        onChange={(e) => {
          formik.handleChange(e);
          void formik.setFieldValue('requiresAddress', e.target.value === 'home');
        }}
      >
        {CATEGORIES.map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...textFieldProps(formik, 'priceKind')} select label="Pricing" required>
          <MenuItem value="fixed">Set price</MenuItem>
          <MenuItem value="suggestedDonation">Suggested donation</MenuItem>
        </TextField>
        <TextField
          {...textFieldProps(formik, 'price')}
          label={v.priceKind === 'fixed' ? 'Price' : 'Suggested amount'}
          type="number"
          required
          slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { min: 0, step: '0.01' } }}
        />
        <TextField {...textFieldProps(formik, 'durationMinutes')} label="Duration (minutes)" type="number" required />
        <TextField {...textFieldProps(formik, 'sortOrder', 'Smaller first')} label="Sort order" type="number" />
      </Box>
      <FormControl error={Boolean(weekdaysError)} component="fieldset">
        <FormLabel component="legend">Days of the week</FormLabel>
        <FormGroup row>
          {WEEKDAYS.map(([value, label]) => (
            <FormControlLabel
              key={value}
              label={label.slice(0, 3)}
              control={
                <Checkbox
                  checked={v.weekdays.includes(value)}
                  onChange={(e) => void formik.setFieldValue('weekdays', e.target.checked ? [...v.weekdays, value] : v.weekdays.filter((d) => d !== value))}
                  slotProps={{ input: { 'aria-label': label } }}
                />
              }
            />
          ))}
        </FormGroup>
        {weekdaysError ? <FormHelperText>{weekdaysError}</FormHelperText> : null}
      </FormControl>
      <TextField {...textFieldProps(formik, 'capacityMode')} select label="Capacity" required fullWidth>
        <MenuItem value="slots">Time slots, each with a capacity</MenuItem>
        <MenuItem value="daily">A number of bookings per day</MenuItem>
      </TextField>
      {v.capacityMode === 'slots' ? (
        <FormControl component="fieldset" error={typeof slotsError === 'string'}>
          <FormLabel component="legend">Time slots (temple time)</FormLabel>
          <Box sx={{ display: 'grid', gap: 1.5, mt: 1 }}>
            {v.slots.map((s, i) => {
              const rowErrors = Array.isArray(slotsError) ? (slotsError[i] as { time?: string; capacity?: string } | undefined) : undefined;
              return (
                <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <TextField
                    label={`Slot ${i + 1} time`}
                    type="time"
                    size="small"
                    value={s.time}
                    onChange={(e) => void formik.setFieldValue(`slots.${i}.time`, e.target.value)}
                    error={Boolean(rowErrors?.time)}
                    helperText={rowErrors?.time}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                  <TextField
                    label="Places"
                    type="number"
                    size="small"
                    value={s.capacity}
                    onChange={(e) => void formik.setFieldValue(`slots.${i}.capacity`, e.target.value)}
                    error={Boolean(rowErrors?.capacity)}
                    helperText={rowErrors?.capacity}
                    sx={{ width: 110 }}
                  />
                  <IconButton aria-label={`Remove slot ${i + 1}`} onClick={() => void formik.setFieldValue('slots', v.slots.filter((_, j) => j !== i))}>
                    <DeleteOutlined />
                  </IconButton>
                </Box>
              );
            })}
            <Button startIcon={<Add />} onClick={() => void formik.setFieldValue('slots', [...v.slots, { time: '', capacity: '5' }])} sx={{ justifySelf: 'start' }}>
              Add slot
            </Button>
          </Box>
          {typeof slotsError === 'string' ? <FormHelperText>{slotsError}</FormHelperText> : null}
        </FormControl>
      ) : (
        <TextField {...textFieldProps(formik, 'dailyCapacity')} label="Bookings per day" type="number" required fullWidth />
      )}
      <TextField {...textFieldProps(formik, 'blackoutDates', 'Festival or closure days, YYYY-MM-DD, separated by commas')} label="Blackout dates" fullWidth />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...textFieldProps(formik, 'horizonDays', 'How far ahead members may book')} label="Booking window (days)" type="number" required />
        <TextField {...textFieldProps(formik, 'cutoffHours', 'Booking and cancelling close this long before')} label="Cut-off (hours)" type="number" required />
      </Box>
      <FormControlLabel control={<Switch checked={v.requiresAddress} onChange={(e) => void formik.setFieldValue('requiresAddress', e.target.checked)} />} label="Needs the devotee's address (home services)" />
      <FormControlLabel control={<Switch checked={v.isActive} onChange={(e) => void formik.setFieldValue('isActive', e.target.checked)} />} label="Active (open for booking)" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {v.image ? <Box component="img" src={v.image} alt="Image preview" sx={{ width: 96, height: 64, objectFit: 'cover', borderRadius: 1 }} /> : null}
        <Button component="label" variant="outlined" startIcon={<ImageOutlined />}>
          {v.image ? 'Change image' : 'Upload image'}
          <input hidden type="file" accept={IMAGE_TYPES.join(',')} aria-label="Image" onChange={(e) => void chooseImage(e)} />
        </Button>
        {v.image ? (
          <Button color="inherit" onClick={() => void formik.setFieldValue('image', null)}>
            Remove image
          </Button>
        ) : null}
        {imageError ? (
          <FormHelperText error sx={{ width: '100%' }}>
            {imageError}
          </FormHelperText>
        ) : null}
      </Box>
    </CatalogueDialog>
  );
}
