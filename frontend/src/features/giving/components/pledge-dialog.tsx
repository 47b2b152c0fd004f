import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FormikErrors } from 'formik';
import { useEffect, useId, useMemo } from 'react';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { formatUSD } from '@/lib/format';
import { useMakePledge, usePledgeFunds } from '../api/pledges';
import { t } from '../i18n';
import { pledgeSchema, pledgeValues, toPledgeBody, type PledgeValues } from '../schemas';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The temple's today, "YYYY-MM-DD": the form covers its year, and a pledge ends today or later. */
  today: string;
  /** A fund chosen beforehand (`?pledgeFund=`); ignored when it is not an active fund. */
  fundId?: string;
};

/** Makes a pledge: a fund, an amount, the period (this year by default) and an optional note. */
export function PledgeDialog({ open, onClose, today, fundId = '' }: Props) {
  const titleId = useId();
  const introId = useId();
  const { toast } = useToast();
  const makePledge = useMakePledge();
  const { funds, error: fundsError, isLoading: fundsLoading } = usePledgeFunds();
  const schema = useMemo(() => pledgeSchema(today), [today]);

  const formik = useFormikValidatedOnSubmit<PledgeValues>({
    initialValues: pledgeValues(today, fundId),
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const body = toPledgeBody(values);
      try {
        const made = await makePledge(body);
        toast({ title: t('giving.pledge.thanks'), description: t('giving.pledge.made', { amount: formatUSD(made.amount), fund: made.fundName }) });
        onClose();
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<PledgeValues>);
        toast({ title: t('giving.error'), description: errorMessage(err, t('giving.pledge.saveFailed')), variant: 'destructive' });
      }
    },
  });

  // A fund asked for by the link that is not (or no longer) active: none is chosen.
  const chosen = formik.values.fundId;
  const unknownFund = Boolean(funds && chosen && !funds.some((f) => f.id === chosen));
  const { setFieldValue } = formik;
  useEffect(() => {
    if (unknownFund) void setFieldValue('fundId', '', false);
  }, [unknownFund, setFieldValue]);

  const busy = formik.isSubmitting;
  const fundHelp = fundsLoading ? t('giving.pledge.loadingFunds') : fundsError ? t('giving.pledge.fundsFailed') : undefined;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={introId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={formik.handleSubmit}>
        <DialogTitle id={titleId}>{t('giving.pledge.make')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
          <DialogContentText id={introId}>
            {t('giving.pledge.intro')}
          </DialogContentText>
          <TextField
            {...textFieldProps(formik, 'fundId', fundHelp)}
            // Until the funds arrive (and for one not among them) none shows as chosen.
            value={funds && !unknownFund ? chosen : ''}
            select
            label={t('giving.pledge.fund')}
            required
            fullWidth
            disabled={!funds}
          >
            {(funds ?? []).map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            {...textFieldProps(formik, 'amount')}
            label={t('giving.pledge.amount')}
            required
            fullWidth
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField {...textFieldProps(formik, 'startsOn')} label={t('giving.pledge.startsOn')} type="date" required slotProps={{ inputLabel: { shrink: true } }} />
            <TextField {...textFieldProps(formik, 'endsOn')} label={t('giving.pledge.endsOn')} type="date" required slotProps={{ inputLabel: { shrink: true } }} />
          </Box>
          <TextField {...textFieldProps(formik, 'note', t('giving.pledge.optional'))} label={t('giving.pledge.note')} multiline minRows={2} fullWidth />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('giving.pledge.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('giving.pledge.saving') : t('giving.pledge.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
