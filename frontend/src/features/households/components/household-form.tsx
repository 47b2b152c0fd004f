import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormikErrors } from 'formik';
import { useId, type ReactNode } from 'react';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { Household, HouseholdBody } from '@/types/api';
import { t } from '../i18n';
import { householdSchema, householdValues, toHouseholdBody, type HouseholdValues } from '../schemas';

type Props = {
  /** The household to change; none forms a new one. */
  household?: Household | null;
  save: (body: HouseholdBody) => Promise<Household>;
  /** After a save: the toast is shown already. */
  onSaved?: (saved: Household) => void;
  submitLabel: string;
  /** Buttons before the submit one (a dialog's Cancel). */
  actions?: ReactNode;
};

/** The statement choices, with their texts' keys. */
const CHOICES = [
  { value: 'joint', label: 'households.joint', help: 'households.jointHelp' },
  { value: 'separate', label: 'households.separate', help: 'households.separateHelp' },
] as const;

/** A household's name, mailing address and statement choice. */
export function HouseholdForm({ household, save, onSaved, submitLabel, actions }: Props) {
  const { toast } = useToast();
  const statementLabel = useId();
  const formik = useFormikValidatedOnSubmit<HouseholdValues>({
    initialValues: householdValues(household),
    validationSchema: householdSchema,
    onSubmit: async (values, helpers) => {
      try {
        const saved = await save(toHouseholdBody(values));
        toast({ title: household ? t('households.updated') : t('households.formed'), description: saved.name });
        onSaved?.(saved);
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<HouseholdValues>);
        toast({ title: t('households.error'), description: errorMessage(err, t('households.saveFailed')), variant: 'destructive' });
      }
    },
  });
  const busy = formik.isSubmitting;
  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2.5 }}>
      <TextField {...textFieldProps(formik, 'name', t('households.nameHelp'))} label={t('households.name')} required fullWidth />
      <TextField
        {...textFieldProps(formik, 'address', t('households.addressHelp'))}
        label={t('households.address')}
        multiline
        minRows={3}
        fullWidth
      />
      <FormControl>
        <FormLabel id={statementLabel}>{t('households.statement')}</FormLabel>
        <RadioGroup aria-labelledby={statementLabel} name="statement" value={formik.values.statement} onChange={formik.handleChange}>
          {CHOICES.map((c) => (
            <FormControlLabel
              key={c.value}
              value={c.value}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { mt: -0.75 } }}
              label={
                <span>
                  <Typography component="span" sx={{ display: 'block' }}>
                    {t(c.label)}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {t(c.help)}
                  </Typography>
                </span>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {actions}
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('households.saving') : submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
