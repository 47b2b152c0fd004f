import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { textFieldProps, useSpecFormik } from '@/lib/form';
import type { RecurringService, RecurringServiceBody } from '@/types/api';
import { useSaveService } from '../api/temple';
import { serviceSchema, type ServiceValues } from '../schemas';
import { CatalogueDialog } from './catalogue-dialog';

export const WEEKDAYS = [
  ['sunday', 'Sunday'],
  ['monday', 'Monday'],
  ['tuesday', 'Tuesday'],
  ['wednesday', 'Wednesday'],
  ['thursday', 'Thursday'],
  ['friday', 'Friday'],
  ['saturday', 'Saturday'],
] as const;

const FREQUENCIES = [
  ['daily', 'Every day'],
  ['weekly', 'Weekly, on chosen days'],
  ['monthlyWeekday', 'Monthly, on the n-th weekday'],
  ['monthlyDate', 'Monthly, on a date'],
  ['yearly', 'Yearly, on a date'],
] as const;

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
    time: v.time,
    endDate: v.endDate || null,
  };
}

type Props = { open: boolean; onClose: () => void; service: RecurringService | null };

export function ServiceDialog({ open, onClose, service }: Props) {
  const { toast } = useToast();
  const saveService = useSaveService();
  const editing = service !== null;
  const formik = useSpecFormik<ServiceValues>({
    initialValues: {
      name: service?.name ?? '',
      description: service?.description ?? '',
      frequency: service?.frequency ?? 'weekly',
      weekdays: service?.weekdays ?? [],
      week: service?.week ? String(service.week) : '',
      weekday: service?.weekday ?? '',
      day: service?.day ? String(service.day) : '',
      month: service?.month ? String(service.month) : '',
      time: service?.time ?? '',
      endDate: service?.endDate ?? '',
    },
    validationSchema: serviceSchema,
    onSubmit: async (values) => {
      const body = toServiceBody(values);
      try {
        const saved = await saveService(service?.id ?? null, body);
        toast({ title: editing ? 'Service updated' : 'Service added', description: `${saved.name}: ${saved.schedule}` });
        onClose();
      } catch (err) {
        toast({ title: 'Error', description: errorMessage(err, 'Failed to save service'), variant: 'destructive' });
      }
    },
  });
  const f = formik.values.frequency;
  const weekdaysError = formik.touched.weekdays || formik.submitCount > 0 ? (formik.errors.weekdays as string | undefined) : undefined;

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
