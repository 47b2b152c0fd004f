import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormikErrors } from 'formik';
import { useId } from 'react';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { LUNAR_MONTH_NAMES, SOLAR_MONTH_NAMES, tithiLabel } from '@/lib/lunar-names';
import type { FestivalRule } from '@/types/api';
import { useCreateFestivalRule } from '../api/create-festival-rule';
import { useUpdateFestivalRule } from '../api/update-festival-rule';
import { MOMENTS } from '../lib/labels';
import { festivalRuleSchema, festivalRuleValues, toFestivalRuleBody, type FestivalRuleValues } from '../schemas';

const SHUKLA = Array.from({ length: 15 }, (_, i) => i + 1);
const KRISHNA = Array.from({ length: 15 }, (_, i) => i + 16);

/** The tithi select's options, grouped by paksha ("Shukla Navami" … "Amavasya"). */
function tithiOptions() {
  return [
    <ListSubheader key="shukla">Shukla paksha (bright half)</ListSubheader>,
    ...SHUKLA.map((t) => (
      <MenuItem key={t} value={String(t)}>
        {tithiLabel(t)}
      </MenuItem>
    )),
    <ListSubheader key="krishna">Krishna paksha (dark half)</ListSubheader>,
    ...KRISHNA.map((t) => (
      <MenuItem key={t} value={String(t)}>
        {tithiLabel(t)}
      </MenuItem>
    )),
  ];
}

type Props = { rule: FestivalRule | null; onClose: () => void };

/** Adds (rule null) or edits a festival's rule: name, month, tithi, moment, which of two days, adhika, source. */
export function FestivalDialog({ rule, onClose }: Props) {
  const titleId = useId();
  const { toast } = useToast();
  const create = useCreateFestivalRule();
  const update = useUpdateFestivalRule();
  const formik = useFormikValidatedOnSubmit<FestivalRuleValues>({
    initialValues: festivalRuleValues(rule),
    validationSchema: festivalRuleSchema,
    onSubmit: async (values, helpers) => {
      const body = toFestivalRuleBody(values);
      try {
        const saved = rule ? await update(rule.id, body) : await create(body);
        toast({ title: rule ? 'Festival updated' : 'Festival added', description: `${saved.name}: ${saved.rule}` });
        onClose();
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<FestivalRuleValues>);
        toast({ title: 'Error', description: errorMessage(err, 'Failed to save the festival'), variant: 'destructive' });
      }
    },
  });
  const v = formik.values;
  const shown = (field: keyof FestivalRuleValues) => {
    const message = formik.errors[field];
    return formik.submitCount > 0 && typeof message === 'string' ? message : undefined;
  };
  const lunar = v.monthKind === 'lunar';
  const busy = formik.isSubmitting;

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={formik.handleSubmit}>
        <DialogTitle id={titleId}>{rule ? 'Edit Festival' : 'Add Festival'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          <TextField {...textFieldProps(formik, 'name')} label="Name" required fullWidth autoFocus />
          <TextField
            {...textFieldProps(formik, 'description', 'Optional: what the day is; it fills in the events made from it')}
            label="Description"
            multiline
            minRows={2}
            fullWidth
          />
          <FormControl component="fieldset" sx={{ minWidth: 0 }}>
            <FormLabel component="legend">Month</FormLabel>
            <RadioGroup row name="monthKind" value={v.monthKind} onChange={(e) => void formik.setFieldValue('monthKind', e.target.value)}>
              <FormControlLabel value="lunar" control={<Radio />} label="Lunar month" />
              <FormControlLabel value="solar" control={<Radio />} label="Solar month (the Sun's sign)" />
            </RadioGroup>
          </FormControl>
          {lunar ? (
            <TextField
              {...textFieldProps(formik, 'lunarMonth', 'Amanta: from one new moon to the next')}
              select
              label="Lunar month"
              required
              fullWidth
            >
              {LUNAR_MONTH_NAMES.map((name, i) => (
                <MenuItem key={name} value={String(i + 1)}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              {...textFieldProps(formik, 'solarMonth', 'The sign the Sun is in, such as Dhanu for Vaikuntha Ekadashi')}
              select
              label="Solar month"
              required
              fullWidth
            >
              {SOLAR_MONTH_NAMES.map((name, i) => (
                <MenuItem key={name} value={String(i)}>
                  {name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField {...textFieldProps(formik, 'tithi', '1–15 shukla (to Pournami), 16–30 krishna (to Amavasya)')} select label="Tithi" required fullWidth>
            {tithiOptions()}
          </TextField>
          <FormControl component="fieldset" error={Boolean(shown('moment'))} sx={{ minWidth: 0 }}>
            <FormLabel component="legend">When the tithi must run</FormLabel>
            <RadioGroup name="moment" value={v.moment} onChange={(e) => void formik.setFieldValue('moment', e.target.value)}>
              {MOMENTS.map((m) => (
                <FormControlLabel
                  key={m.value}
                  value={m.value}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { mt: -0.75 } }}
                  label={
                    <Box component="span" sx={{ display: 'block' }}>
                      <Typography component="span" sx={{ display: 'block' }}>
                        {m.label}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {m.explanation}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
            {shown('moment') ? <FormHelperText>{shown('moment')}</FormHelperText> : null}
          </FormControl>
          <FormControl component="fieldset" error={Boolean(shown('twoDays'))} sx={{ minWidth: 0 }}>
            <FormLabel component="legend">When the tithi runs at that moment on two days, keep</FormLabel>
            <RadioGroup row name="twoDays" value={v.twoDays} onChange={(e) => void formik.setFieldValue('twoDays', e.target.value)}>
              <FormControlLabel value="first" control={<Radio />} label="the first" />
              <FormControlLabel value="second" control={<Radio />} label="the second" />
            </RadioGroup>
            {shown('twoDays') ? <FormHelperText>{shown('twoDays')}</FormHelperText> : null}
          </FormControl>
          {lunar ? (
            <FormControlLabel
              control={<Switch name="inAdhika" checked={v.inAdhika} onChange={(e) => void formik.setFieldValue('inAdhika', e.target.checked)} />}
              label="Keep it in an adhika (leap) month too"
            />
          ) : null}
          <TextField {...textFieldProps(formik, 'source', 'Optional: where the rule comes from, such as Nirnaya Sindhu')} label="Source" fullWidth />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving...' : rule ? 'Save Changes' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
