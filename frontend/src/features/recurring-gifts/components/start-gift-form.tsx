import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormikErrors } from 'formik';
import { useEffect, useId, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { FREQUENCIES } from '@/lib/recurring-gifts';
import type { Fund } from '@/types/api';
import { useGiftFunds } from '../api/recurring-gifts';
import { t } from '../i18n';
import { startSchema, startValues, type StartValues } from '../schemas';

/** The fund chosen by default: the General fund, else the first. */
function defaultFund(funds: Fund[]): string {
  return (funds.find((f) => f.isGeneral) ?? funds[0])?.id ?? '';
}

type Props = {
  /** The temple's today, "YYYY-MM-DD": the first gift's default date, and the earliest. */
  today: string;
  /** The values to start from (coming back from the card step), else a new gift's. */
  initialValues?: StartValues;
  /** A fund asked for (`?fund=`); ignored when it is not an active fund. */
  fundId?: string;
  /** Starts the gift; a refusal (ApiError) shows on its fields and in a toast. */
  onSubmit: (values: StartValues) => Promise<void>;
};

/**
 * A recurring gift's terms: amount, how often, fund, first date and receipts; a guest also gives
 * a name and an e-mail (a member's come from the account).
 */
export function StartGiftForm({ today, initialValues, fundId = '', onSubmit }: Props) {
  const { user } = useAuth();
  const guest = !user;
  const { toast } = useToast();
  const { funds, error: fundsError, refresh: refreshFunds } = useGiftFunds();
  const schema = useMemo(() => startSchema(today, guest), [today, guest]);
  const frequencyId = useId();
  const receiptsId = useId();

  const formik = useFormikValidatedOnSubmit<StartValues>({
    initialValues: initialValues ?? startValues(today, fundId),
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      try {
        await onSubmit(values);
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<StartValues>);
        toast({ title: t('recurring.error'), description: errorMessage(err, t('recurring.setupFailed')), variant: 'destructive' });
      }
    },
  });

  // Once the funds are known: the General fund (or the first) unless an active fund is chosen.
  const chosen = formik.values.fundId;
  const known = Boolean(funds && chosen && funds.some((f) => f.id === chosen));
  const fallback = funds ? defaultFund(funds) : '';
  const { setFieldValue } = formik;
  useEffect(() => {
    if (funds && !known && fallback) void setFieldValue('fundId', fallback, false);
  }, [funds, known, fallback, setFieldValue]);

  const error = (name: keyof StartValues) => {
    const e = formik.errors[name];
    return formik.submitCount > 0 && typeof e === 'string' ? e : undefined;
  };
  const busy = formik.isSubmitting;

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label={t('recurring.giftDetails')} sx={{ display: 'grid', gap: 2.5 }}>
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
      <FormControl error={Boolean(error('frequency'))}>
        <FormLabel id={frequencyId}>{t('recurring.howOften')}</FormLabel>
        <RadioGroup row aria-labelledby={frequencyId} name="frequency" value={formik.values.frequency} onChange={formik.handleChange}>
          {FREQUENCIES.map((f) => (
            <FormControlLabel key={f} value={f} control={<Radio />} label={t('recurring.frequency', { frequency: f })} />
          ))}
        </RadioGroup>
        {error('frequency') ? <FormHelperText>{error('frequency')}</FormHelperText> : null}
      </FormControl>
      {funds ? (
        <TextField
          {...textFieldProps(formik, 'fundId')}
          // Until the default is chosen (an effect, once the funds are known) none shows as chosen.
          value={known ? chosen : ''}
          select
          label={t('recurring.fund')}
          required
          fullWidth
        >
          {funds.map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.name}
            </MenuItem>
          ))}
        </TextField>
      ) : fundsError ? (
        <RetryAlert onRetry={() => void refreshFunds()}>{t('recurring.fundsFailed')}</RetryAlert>
      ) : (
        <LoadingRegion label={t('recurring.loadingFunds')}>
          <Skeleton variant="rounded" height={56} />
        </LoadingRegion>
      )}
      <TextField
        {...textFieldProps(formik, 'startOn', t('recurring.laterGifts', { frequency: formik.values.frequency }))}
        label={t('recurring.firstGiftOn')}
        type="date"
        required
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
      />
      <FormControl error={Boolean(error('receipts'))}>
        <FormLabel id={receiptsId}>{t('recurring.receipts')}</FormLabel>
        <RadioGroup aria-labelledby={receiptsId} name="receipts" value={formik.values.receipts} onChange={formik.handleChange}>
          <FormControlLabel value="each" control={<Radio />} label={t('recurring.receiptEach')} />
          <FormControlLabel value="statement" control={<Radio />} label={t('recurring.receiptStatement')} />
        </RadioGroup>
        {error('receipts') ? <FormHelperText>{error('receipts')}</FormHelperText> : null}
      </FormControl>
      {user ? (
        <Typography variant="body2" color="text.secondary">
          {t.rich('recurring.receiptsGoTo', {
            name: `${user.firstName} ${user.lastName}`,
            email: user.email,
            link: (chunks) => (
              <Link component={RouterLink} to={paths.profile.getHref()}>
                {chunks}
              </Link>
            ),
          })}
        </Typography>
      ) : (
        <>
          <TextField {...textFieldProps(formik, 'name')} label={t('recurring.yourName')} autoComplete="name" required fullWidth />
          <TextField
            {...textFieldProps(formik, 'email', t('recurring.emailHelp'))}
            label={t('recurring.email')}
            type="email"
            autoComplete="email"
            required
            fullWidth
          />
        </>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? t('recurring.settingUp') : t('recurring.continue')}
      </Button>
    </Box>
  );
}
