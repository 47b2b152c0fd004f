import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormikErrors } from 'formik';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { FamilyMember, Seva, SevaBooking, SevaBookingBody } from '@/types/api';
import { useFamily } from '../api/family';
import { useBookSeva } from '../api/sevas';
import { t } from '../i18n';
import { formatLocalDate, personLabel } from '../lib/sankalpam';
import { bookingSchema, emptyPerson, type BookingValues, type PersonValues } from '../schemas';
import type { ChosenSlot } from './availability-picker';
import { PersonFields } from './person-fields';

function trimmed(v: string): string | null {
  return v.trim() ? v.trim() : null;
}

/** The form's values as the API body: the picked family members first, then the people typed in. */
export function toBookingBody(values: BookingValues, chosen: ChosenSlot, family: FamilyMember[], suggested: boolean): SevaBookingBody {
  const picked = family
    .filter((f) => values.familyIds.includes(f.id))
    .map((f) => ({ name: f.name, gotram: f.gotram, nakshatram: f.nakshatram, rasi: f.rasi }));
  const typed = values.people.map((p) => ({ name: p.name.trim(), gotram: trimmed(p.gotram), nakshatram: trimmed(p.nakshatram), rasi: trimmed(p.rasi) }));
  const body: SevaBookingBody = {
    date: chosen.date,
    slot: chosen.slot.time,
    participants: [...picked, ...typed],
    address: trimmed(values.address),
    note: trimmed(values.note),
  };
  if (suggested && values.amount) body.amountCents = Math.round(Number(values.amount) * 100);
  return body;
}

type Props = {
  seva: Seva;
  chosen: ChosenSlot | null;
  onBooked: (booking: SevaBooking) => void;
};

/** The people of the sankalpam (saved family members or typed), the address of a home service, a note; holds the slot. */
export function BookingForm({ seva, chosen, onBooked }: Props) {
  const { toast } = useToast();
  const { family, error: familyError } = useFamily();
  const book = useBookSeva();
  const suggested = seva.priceKind === 'suggestedDonation';
  const formik = useFormikValidatedOnSubmit<BookingValues>({
    initialValues: { familyIds: [], people: [], address: '', note: '', amount: suggested ? (seva.priceCents / 100).toFixed(2) : '' },
    validationSchema: bookingSchema(seva.requiresAddress, suggested),
    onSubmit: async (values, helpers) => {
      if (!chosen) return;
      try {
        const booking = await book(seva.id, toBookingBody(values, chosen, family ?? [], suggested));
        onBooked(booking);
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<BookingValues>);
        toast({ title: t('sevas.booking.couldNotBook'), description: errorMessage(err, t('sevas.booking.bookFailed')), variant: 'destructive' });
      }
    },
  });
  const errors = formik.submitCount > 0 ? (formik.errors as Record<string, unknown>) : {};
  const peopleErrors = (errors.people ?? []) as (Partial<Record<keyof PersonValues, string>> | undefined)[];
  const setPerson = (i: number, field: keyof PersonValues, value: string) => void formik.setFieldValue(`people.${i}.${field}`, value);
  const toggle = (id: string) =>
    void formik.setFieldValue('familyIds', formik.values.familyIds.includes(id) ? formik.values.familyIds.filter((x) => x !== id) : [...formik.values.familyIds, id]);
  const free = seva.priceKind === 'fixed' && seva.priceCents === 0;

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2.5 }} aria-label={t('sevas.booking.formLabel')}>
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('sevas.booking.peopleHeading')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('sevas.booking.peopleHelp')}
        </Typography>
      </Box>
      {familyError ? <Alert severity="warning">{t('sevas.booking.familyLoadFailed')}</Alert> : null}
      {family && family.length > 0 ? (
        <Box role="group" aria-label={t('sevas.booking.savedFamily')} sx={{ display: 'grid' }}>
          {family.map((f) => (
            <FormControlLabel
              key={f.id}
              control={<Checkbox checked={formik.values.familyIds.includes(f.id)} onChange={() => toggle(f.id)} />}
              label={`${personLabel(f)}${f.relation ? ` · ${f.relation}` : ''}`}
            />
          ))}
        </Box>
      ) : null}
      {formik.values.people.map((p, i) => (
        <Paper key={i} variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle2">{t('sevas.booking.person', { number: formik.values.familyIds.length + i + 1 })}</Typography>
            <IconButton
              aria-label={t('sevas.booking.removePerson', { number: formik.values.familyIds.length + i + 1 })}
              onClick={() => void formik.setFieldValue('people', formik.values.people.filter((_, j) => j !== i))}
            >
              <DeleteOutlined />
            </IconButton>
          </Box>
          <PersonFields prefix={`people.${i}.`} value={p} errors={peopleErrors[i]} onChange={(field, value) => setPerson(i, field, value)} autoFocus={i === formik.values.people.length - 1} />
        </Paper>
      ))}
      <Button variant="outlined" startIcon={<Add />} onClick={() => void formik.setFieldValue('people', [...formik.values.people, emptyPerson])} sx={{ justifySelf: 'start' }}>
        {formik.values.people.length || (family ?? []).length ? t('sevas.booking.addAnother') : t('sevas.booking.addPerson')}
      </Button>
      {typeof errors.participants === 'string' ? <FormHelperText error>{errors.participants}</FormHelperText> : null}
      {seva.requiresAddress ? (
        <TextField {...textFieldProps(formik, 'address', t('sevas.booking.addressHelp'))} label={t('sevas.booking.address')} required multiline minRows={2} fullWidth />
      ) : null}
      <TextField {...textFieldProps(formik, 'note', t('sevas.booking.noteHelp'))} label={t('sevas.booking.note')} multiline minRows={2} fullWidth />
      {suggested ? (
        <TextField
          {...textFieldProps(formik, 'amount', t('sevas.booking.amountHelp'))}
          label={t('sevas.booking.amount')}
          type="number"
          inputMode="decimal"
          slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { min: 1, step: '0.01' } }}
          fullWidth
        />
      ) : null}
      {chosen ? (
        <Alert severity="info">
          {formatLocalDate(chosen.date)}, {chosen.slot.timeLabel}
        </Alert>
      ) : (
        <Alert severity="warning">{t('sevas.booking.chooseFirst')}</Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={!chosen || formik.isSubmitting}>
        {formik.isSubmitting ? t('sevas.booking.submitting') : free ? t('sevas.booking.book') : t('sevas.booking.continueToPayment')}
      </Button>
      {!free ? (
        <Typography variant="body2" color="text.secondary">
          {t('sevas.booking.heldWhilePaying')}
        </Typography>
      ) : null}
    </Box>
  );
}
