import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormikErrors } from 'formik';
import { useId, useMemo, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { NAKSHATRA_NAMES } from '@/lib/lunar-names';
import type { PersonStar } from '@/types/api';
import { useSaveStar } from '../api/save-star';
import { workOutBirthStar } from '../api/work-out-birth-star';
import { t } from '../i18n';
import { birthZones } from '../lib/time-zones';
import { birthErrors, starSchema, starValues, toStarBody, type StarValues } from '../schemas';

/** Today in the browser, "YYYY-MM-DD". */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

type BirthField = 'birthDate' | 'birthTime' | 'birthZone';

type Props = { person: PersonStar; onClose: () => void; today?: string };

/**
 * A person's birth star: chosen from the 27 nakshatras or worked out from the birth's date, time
 * and birthplace's time zone, and whether to e-mail the member before each star day.
 */
export function StarDialog({ person, onClose, today = localToday() }: Props) {
  const titleId = useId();
  const { toast } = useToast();
  const save = useSaveStar();
  const schema = useMemo(() => starSchema(today), [today]);
  // What "Work it out" found wanting, and what it found.
  const [workOut, setWorkOut] = useState<{ busy: boolean; errors: Partial<Record<BirthField, string>>; found: string | null }>({
    busy: false,
    errors: {},
    found: null,
  });
  const formik = useFormikValidatedOnSubmit<StarValues>({
    initialValues: starValues(person.star),
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      try {
        const saved = await save(person.person, toStarBody(values));
        toast({ title: t('stars.saved'), description: `${saved.name}: ${saved.star?.nakshatraName ?? ''}` });
        onClose();
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<StarValues>);
        toast({ title: t('stars.error'), description: errorMessage(err, t('stars.saveFailed')), variant: 'destructive' });
      }
    },
  });
  const v = formik.values;
  const zones = useMemo(() => birthZones(person.star?.birthZone), [person.star?.birthZone]);

  /** A birth field's props: the form's error after a submit, else what "Work it out" found wanting. */
  function birthProps(field: BirthField, hint?: string) {
    const props = textFieldProps(formik, field, hint);
    const message = props.error ? props.helperText : workOut.errors[field];
    return { ...props, error: Boolean(message), helperText: message ?? hint };
  }

  function changeBirth(field: BirthField, value: string) {
    void formik.setFieldValue(field, value);
    setWorkOut((w) => ({ ...w, errors: { ...w.errors, [field]: undefined }, found: null }));
  }

  async function workItOut() {
    const missing = birthErrors(v, today);
    if (missing) {
      setWorkOut({ busy: false, errors: missing, found: null });
      return;
    }
    setWorkOut({ busy: true, errors: {}, found: null });
    try {
      const star = await workOutBirthStar({ birthDate: v.birthDate.trim(), birthTime: v.birthTime.trim(), birthZone: v.birthZone.trim() });
      await formik.setFieldValue('nakshatra', String(star.nakshatra));
      setWorkOut({ busy: false, errors: {}, found: star.name });
    } catch (err) {
      const fields = err instanceof ApiError ? (err.fieldErrors as Partial<Record<BirthField, string>>) : {};
      setWorkOut({ busy: false, errors: fields, found: null });
      if (Object.keys(fields).length === 0) {
        toast({ title: t('stars.error'), description: errorMessage(err, t('stars.workOutFailed')), variant: 'destructive' });
      }
    }
  }

  const zone = birthProps('birthZone');
  const busy = formik.isSubmitting;
  const self = person.person === 'me';

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={formik.handleSubmit}>
        <DialogTitle id={titleId}>{self ? t('stars.dialogTitleSelf') : t('stars.dialogTitle', { name: person.name })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          <Typography variant="body2" color="text.secondary">
            {t('stars.dialogIntro')}
          </Typography>
          <TextField
            {...textFieldProps(formik, 'nakshatra', workOut.found ? t('stars.workedOut', { star: workOut.found }) : undefined)}
            select
            label={t('stars.starLabel')}
            fullWidth
            slotProps={{ formHelperText: { 'aria-live': 'polite' } }}
          >
            <MenuItem value="">
              <em>{t('stars.notChosen')}</em>
            </MenuItem>
            {NAKSHATRA_NAMES.map((name, i) => (
              <MenuItem key={name} value={String(i + 1)}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <Box
            component="fieldset"
            sx={{ m: 0, px: 2, pb: 2, pt: 1, display: 'grid', gap: 2, minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
              {t('stars.workOutLegend')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
              <TextField
                {...birthProps('birthDate')}
                onChange={(e) => changeBirth('birthDate', e.target.value)}
                label={t('stars.birthDate')}
                type="date"
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
              />
              <TextField
                {...birthProps('birthTime', t('stars.birthTimeHelp'))}
                onChange={(e) => changeBirth('birthTime', e.target.value)}
                label={t('stars.birthTime')}
                type="time"
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Box>
            <Autocomplete
              options={zones}
              value={v.birthZone || null}
              onChange={(_, value) => changeBirth('birthZone', value ?? '')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  id="birthZone"
                  name="birthZone"
                  label={t('stars.birthZone')}
                  error={zone.error}
                  helperText={zone.helperText ?? t('stars.birthZoneHelp')}
                />
              )}
            />
            <Box>
              <Button variant="outlined" startIcon={<AutoAwesomeOutlined />} onClick={() => void workItOut()} disabled={workOut.busy || busy}>
                {workOut.busy ? t('stars.workingOut') : t('stars.workOut')}
              </Button>
            </Box>
          </Box>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <FormControlLabel
              control={<Switch name="remind" checked={v.remind} onChange={(e) => void formik.setFieldValue('remind', e.target.checked)} />}
              label={t('stars.remind')}
            />
            {v.remind ? (
              <TextField {...textFieldProps(formik, 'daysBefore', t('stars.daysBeforeHelp'))} select label={t('stars.daysBefore')} sx={{ maxWidth: 280 }}>
                {Array.from({ length: 7 }, (_, i) => (
                  <MenuItem key={i} value={String(i + 1)}>
                    {t('stars.daysBeforeOption', { days: i + 1 })}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('stars.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('stars.saving') : t('stars.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
