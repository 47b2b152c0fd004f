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
import Typography from '@mui/material/Typography';
import type { FormikErrors } from 'formik';
import { useId, useMemo } from 'react';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { FREQUENCIES } from '@/lib/recurring-gifts';
import type { RecurringGift } from '@/types/recurring-gifts';
import { useGiftFunds, useRecurringGiftActions } from '../api/recurring-gifts';
import { t } from '../i18n';
import { summaryText } from '../lib/gift-text';
import { changeSchema, changeValues, toChanges, type ChangeValues } from '../schemas';

type Props = {
  gift: RecurringGift;
  token?: string | null;
  /** The temple's today, "YYYY-MM-DD": the next gift is today or later. */
  today: string;
  open: boolean;
  onClose: () => void;
};

/** Changes a gift's amount, fund, frequency, next date or receipts: only what differs is sent. */
export function ChangeGiftDialog({ gift, token, today, open, onClose }: Props) {
  const titleId = useId();
  const introId = useId();
  const { toast } = useToast();
  const { change } = useRecurringGiftActions(gift.id, token);
  const { funds, error: fundsError } = useGiftFunds();
  const schema = useMemo(() => changeSchema(today), [today]);

  const formik = useFormikValidatedOnSubmit<ChangeValues>({
    initialValues: changeValues(gift),
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const changes = toChanges(gift, values);
      if (Object.keys(changes).length === 0) {
        onClose();
        return;
      }
      try {
        const changed = await change(changes);
        toast({ title: t('recurring.changed'), description: summaryText(changed) });
        onClose();
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<ChangeValues>);
        toast({ title: t('recurring.error'), description: errorMessage(err, t('recurring.changeFailed')), variant: 'destructive' });
      }
    },
  });

  // The gift's own fund stays a choice while the list loads, or when it no longer takes new gifts.
  const own = { id: gift.fundId, name: gift.fundName };
  const options: { id: string; name: string }[] = funds ? (funds.some((f) => f.id === gift.fundId) ? funds : [own, ...funds]) : [own];
  const busy = formik.isSubmitting;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={introId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={formik.handleSubmit}>
        <DialogTitle id={titleId}>{t('recurring.changeTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
          <DialogContentText id={introId}>{t('recurring.changeIntro', { summary: summaryText(gift) })}</DialogContentText>
          <TextField
            {...textFieldProps(formik, 'amount')}
            label={t('recurring.amount')}
            required
            fullWidth
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
            }}
          />
          <TextField
            {...textFieldProps(formik, 'fundId', fundsError ? t('recurring.otherFundsFailed') : undefined)}
            select
            label={t('recurring.fund')}
            required
            fullWidth
          >
            {options.map((f) => (
              <MenuItem key={f.id} value={f.id}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField {...textFieldProps(formik, 'frequency')} select label={t('recurring.howOften')} required>
              {FREQUENCIES.map((f) => (
                <MenuItem key={f} value={f}>
                  {t('recurring.frequency', { frequency: f })}
                </MenuItem>
              ))}
            </TextField>
            {gift.nextChargeOn ? (
              <TextField
                {...textFieldProps(formik, 'nextChargeOn', t('recurring.nextGiftOnHelp'))}
                label={t('recurring.nextGiftOn')}
                type="date"
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
              />
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                {t('recurring.nextDateOnResume')}
              </Typography>
            )}
          </Box>
          <TextField {...textFieldProps(formik, 'receipts')} select label={t('recurring.receipts')} required fullWidth>
            <MenuItem value="each">{t('recurring.receiptEach')}</MenuItem>
            <MenuItem value="statement">{t('recurring.receiptStatement')}</MenuItem>
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('recurring.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('recurring.saving') : t('recurring.saveChanges')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
