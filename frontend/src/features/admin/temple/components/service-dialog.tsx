import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormikErrors } from 'formik';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { NAKSHATRA_NAMES, tithiLabel, tithiNameOf } from '@/lib/lunar-names';
import type { RecurringService, RecurringServiceBody } from '@/types/api';
import { CatalogueDialog } from '../../components/catalogue-dialog';
import { WEEKDAYS } from '../../lib/weekdays';
import { useSaveService } from '../api/temple';
import { serviceSchema, type ServiceValues } from '../schemas';

const FREQUENCIES = [
  ['daily', 'Every day'],
  ['weekly', 'Weekly, on chosen days'],
  ['monthlyWeekday', 'Monthly, on the n-th weekday'],
  ['monthlyDate', 'Monthly, on a date'],
  ['yearly', 'Yearly, on a date'],
  ['tithi', 'By tithi (the lunar day), every month'],
  ['nakshatra', 'By nakshatra (the star), every month'],
] as const;

/** Quick picks of the tithis kept every month: a pick is on when all its tithis are chosen. */
export const TITHI_PICKS: readonly { label: string; tithis: readonly number[] }[] = [
  { label: 'Ekadashi (both)', tithis: [11, 26] },
  { label: 'Pournami', tithis: [15] },
  { label: 'Amavasya', tithis: [30] },
  { label: 'Sankashti Chaturthi', tithis: [19] },
  { label: 'Vinayaka Chaturthi', tithis: [4] },
  { label: 'Pradosham (both Trayodashis)', tithis: [13, 28] },
  { label: 'Shukla Shashthi', tithis: [6] },
  { label: 'Krishna Ashtami', tithis: [23] },
];

const SHUKLA = Array.from({ length: 15 }, (_, i) => i + 1);
const KRISHNA = Array.from({ length: 15 }, (_, i) => i + 16);

const WEEKS = [
  ['1', '1st'],
  ['2', '2nd'],
  ['3', '3rd'],
  ['4', '4th'],
  ['5', '5th (months without one are skipped)'],
] as const;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The form's values as the API body: only the fields of the chosen frequency are sent. */
export function toServiceBody(v: ServiceValues): RecurringServiceBody {
  return {
    name: v.name.trim(),
    description: v.description.trim() || null,
    frequency: v.frequency,
    weekdays: v.frequency === 'weekly' ? v.weekdays : [],
    week: v.frequency === 'monthlyWeekday' ? Number(v.week) : null,
    weekday: v.frequency === 'monthlyWeekday' ? v.weekday : null,
    day: v.frequency === 'monthlyDate' || v.frequency === 'yearly' ? Number(v.day) : null,
    month: v.frequency === 'yearly' ? Number(v.month) : null,
    tithis: v.frequency === 'tithi' ? [...v.tithis].sort((a, b) => a - b) : [],
    nakshatra: v.frequency === 'nakshatra' ? Number(v.nakshatra) : null,
    time: v.time,
    endDate: v.endDate || null,
  };
}

type Props = { open: boolean; onClose: () => void; service: RecurringService | null };

export function ServiceDialog({ open, onClose, service }: Props) {
  const { toast } = useToast();
  const saveService = useSaveService();
  const editing = service !== null;
  const formik = useFormikValidatedOnSubmit<ServiceValues>({
    initialValues: {
      name: service?.name ?? '',
      description: service?.description ?? '',
      frequency: service?.frequency ?? 'weekly',
      weekdays: service?.weekdays ?? [],
      week: service?.week ? String(service.week) : '',
      weekday: service?.weekday ?? '',
      day: service?.day ? String(service.day) : '',
      month: service?.month ? String(service.month) : '',
      tithis: service?.tithis ?? [],
      nakshatra: service?.nakshatra ? String(service.nakshatra) : '',
      time: service?.time ?? '',
      endDate: service?.endDate ?? '',
    },
    validationSchema: serviceSchema,
    onSubmit: async (values, helpers) => {
      const body = toServiceBody(values);
      try {
        const saved = await saveService(service?.id ?? null, body);
        toast({ title: editing ? 'Service updated' : 'Service added', description: `${saved.name}: ${saved.schedule}` });
        onClose();
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<ServiceValues>);
        toast({ title: 'Error', description: errorMessage(err, 'Failed to save service'), variant: 'destructive' });
      }
    },
  });
  const f = formik.values.frequency;
  const weekdaysError = formik.touched.weekdays || formik.submitCount > 0 ? (formik.errors.weekdays as string | undefined) : undefined;
  const tithisError = formik.submitCount > 0 && typeof formik.errors.tithis === 'string' ? formik.errors.tithis : undefined;
  const tithis = formik.values.tithis;

  function setTithis(next: number[]) {
    void formik.setFieldValue('tithis', [...new Set(next)].sort((a, b) => a - b));
  }

  function togglePick(pick: readonly number[]) {
    const on = pick.every((t) => tithis.includes(t));
    setTithis(on ? tithis.filter((t) => !pick.includes(t)) : [...tithis, ...pick]);
  }

  function toggleTithi(tithi: number, checked: boolean) {
    setTithis(checked ? [...tithis, tithi] : tithis.filter((t) => t !== tithi));
  }

  function toggleDay(day: string, checked: boolean) {
    const next = checked ? [...formik.values.weekdays, day] : formik.values.weekdays.filter((d) => d !== day);
    void formik.setFieldValue('weekdays', next);
  }

  return (
    <CatalogueDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Recurring Service' : 'Add Recurring Service'}
      editing={editing}
      busy={formik.isSubmitting}
      onSubmit={formik.handleSubmit}
    >
      <TextField {...textFieldProps(formik, 'name')} label="Name" required fullWidth autoFocus />
      <TextField {...textFieldProps(formik, 'description')} label="Description" multiline minRows={2} fullWidth />
      <TextField {...textFieldProps(formik, 'frequency')} select label="Repeats" required fullWidth>
        {FREQUENCIES.map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      {f === 'weekly' ? (
        <FormControl error={Boolean(weekdaysError)} component="fieldset">
          <FormLabel component="legend">Days of the week</FormLabel>
          <FormGroup row>
            {WEEKDAYS.map(([value, label]) => (
              <FormControlLabel
                key={value}
                label={label.slice(0, 3)}
                control={
                  <Checkbox
                    name="weekdays"
                    value={value}
                    checked={formik.values.weekdays.includes(value)}
                    onChange={(e) => toggleDay(value, e.target.checked)}
                    slotProps={{ input: { 'aria-label': label } }}
                  />
                }
              />
            ))}
          </FormGroup>
          {weekdaysError ? <FormHelperText>{weekdaysError}</FormHelperText> : null}
        </FormControl>
      ) : null}
      {f === 'monthlyWeekday' ? (
        <>
          <TextField {...textFieldProps(formik, 'week')} select label="Week of the month" required fullWidth>
            {WEEKS.map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField {...textFieldProps(formik, 'weekday')} select label="Day of the week" required fullWidth>
            {WEEKDAYS.map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
        </>
      ) : null}
      {f === 'yearly' ? (
        <TextField {...textFieldProps(formik, 'month')} select label="Month" required fullWidth>
          {MONTHS.map((label, i) => (
            <MenuItem key={label} value={String(i + 1)}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {f === 'monthlyDate' || f === 'yearly' ? (
        <TextField
          {...textFieldProps(formik, 'day', f === 'monthlyDate' ? 'Months without this day are skipped' : undefined)}
          label="Day of the month"
          type="number"
          required
          fullWidth
          slotProps={{ htmlInput: { min: 1, max: 31 } }}
        />
      ) : null}
      {f === 'tithi' ? (
        <FormControl error={Boolean(tithisError)} component="fieldset" sx={{ minWidth: 0 }}>
          <FormLabel component="legend">Tithis</FormLabel>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            On the day the tithi is at sunrise at the temple, every lunar month.
          </Typography>
          <Box role="group" aria-label="Quick picks" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
            {TITHI_PICKS.map((pick) => {
              const on = pick.tithis.every((t) => tithis.includes(t));
              return (
                <Chip
                  key={pick.label}
                  label={pick.label}
                  clickable
                  color={on ? 'primary' : 'default'}
                  variant={on ? 'filled' : 'outlined'}
                  aria-pressed={on}
                  onClick={() => togglePick(pick.tithis)}
                />
              );
            })}
          </Box>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            {(
              [
                ['Shukla paksha (bright half)', SHUKLA],
                ['Krishna paksha (dark half)', KRISHNA],
              ] as const
            ).map(([legend, numbers]) => (
              <FormControl key={legend} component="fieldset" sx={{ minWidth: 0 }}>
                <FormLabel component="legend" sx={{ typography: 'body2', fontWeight: 600 }}>
                  {legend}
                </FormLabel>
                <FormGroup sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 1 }}>
                  {numbers.map((t) => (
                    <FormControlLabel
                      key={t}
                      label={tithiNameOf(t)}
                      sx={{ mr: 0, '& .MuiFormControlLabel-label': { typography: 'body2' } }}
                      control={
                        <Checkbox
                          size="small"
                          name="tithis"
                          value={t}
                          checked={tithis.includes(t)}
                          onChange={(e) => toggleTithi(t, e.target.checked)}
                          slotProps={{ input: { 'aria-label': tithiLabel(t) } }}
                        />
                      }
                    />
                  ))}
                </FormGroup>
              </FormControl>
            ))}
          </Box>
          {tithisError ? <FormHelperText>{tithisError}</FormHelperText> : null}
        </FormControl>
      ) : null}
      {f === 'nakshatra' ? (
        <TextField
          {...textFieldProps(formik, 'nakshatra', 'On the day the nakshatra is at sunrise at the temple, every month')}
          select
          label="Nakshatra"
          required
          fullWidth
        >
          {NAKSHATRA_NAMES.map((name, i) => (
            <MenuItem key={name} value={String(i + 1)}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <TextField
        {...textFieldProps(formik, 'time', "In the temple's time zone")}
        label="Time"
        type="time"
        required
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        {...textFieldProps(formik, 'endDate', 'Optional: the last date it happens')}
        label="End date"
        type="date"
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </CatalogueDialog>
  );
}
