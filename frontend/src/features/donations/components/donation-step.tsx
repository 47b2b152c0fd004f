import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useToast } from '@/components/ui/toast';
import { formatUSD } from '@/lib/format';
import type { DonationDetail, DonationType } from '@/types/api';
import { useDonationTypes } from '../api/get-donation-types';
import { amountError, amountInputValue, buildDonationDetails, CUSTOM_TYPE_ID, defaultAmountFor, parseAmount } from '../lib/amounts';
import { t } from '../i18n';
import { selectedDonationSchema } from '../schemas';

export type DonationSelection = { amount: number; donationDetails: DonationDetail[] };

type Props = {
  /** The types to offer; when omitted the active types are loaded. */
  donationTypes?: DonationType[];
  onContinue: (selection: DonationSelection) => void;
  /** Secondary action next to Continue (e.g. 'Skip' or 'Cancel'). */
  secondaryAction?: ReactNode;
  continueLabel?: string;
};

function Options({ types, value, onChange, labelId }: { types: DonationType[]; value: string; onChange: (v: string) => void; labelId: string }) {
  return (
    <RadioGroup aria-labelledby={labelId} value={value} onChange={(e) => onChange(e.target.value)} sx={{ gap: 1 }}>
      {types.map((dt) => (
        <FormControlLabel
          key={dt.id}
          value={dt.id}
          control={<Radio />}
          sx={{ m: 0, pr: 1.5, border: 1, borderColor: value === dt.id ? 'primary.main' : 'divider', borderRadius: 2 }}
          label={
            <Box sx={{ py: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {dt.name}
                {parseAmount(dt.defaultAmount) ? (
                  <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
                    {` · ${formatUSD(dt.defaultAmount)}`}
                  </Typography>
                ) : null}
              </Typography>
              {dt.description ? (
                <Typography variant="body2" color="text.secondary">
                  {dt.description}
                </Typography>
              ) : null}
            </Box>
          }
        />
      ))}
      <FormControlLabel
        value={CUSTOM_TYPE_ID}
        control={<Radio />}
        sx={{ m: 0, pr: 1.5, border: 1, borderColor: value === CUSTOM_TYPE_ID ? 'primary.main' : 'divider', borderRadius: 2 }}
        label={
          <Box sx={{ py: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{t('donations.step.custom')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('donations.step.customHelp')}
            </Typography>
          </Box>
        }
      />
    </RadioGroup>
  );
}

/**
 * The donation step of the event dialogs: a donation type or a custom amount, with the type's
 * default amount prefilled (else 10). Continue stays disabled until a choice and an amount the
 * server accepts ($1 or more, at most 2 decimals), with the server's message under the field.
 */
export function DonationStep({ donationTypes, onContinue, secondaryAction, continueLabel }: Props) {
  const loaded = useDonationTypes({ enabled: !donationTypes });
  const types = donationTypes ?? loaded.donationTypes;
  const loading = !donationTypes && loaded.isLoading;
  const { toast } = useToast();
  const labelId = useId();
  const [typeId, setTypeId] = useState('');
  const [amount, setAmount] = useState('');

  const selectedType = types.find((dt) => dt.id === typeId) ?? null;
  const amountNumber = parseAmount(amount);
  // Checked as the server checks it: at least $1, at most 2 decimals.
  const amountProblem = typeId === '' ? null : amountError(amount);
  const valid = typeId !== '' && amountNumber !== null && amountProblem === null;

  function choose(id: string) {
    setTypeId(id);
    const type = types.find((dt) => dt.id === id) ?? null;
    if (type) setAmount(amountInputValue(defaultAmountFor(type)));
    else if (!(amountNumber && amountNumber > 0)) setAmount(amountInputValue(defaultAmountFor(null)));
  }

  function handleContinue() {
    const donationTypeId = selectedType ? selectedType.id : typeId;
    if (!selectedDonationSchema.isValidSync({ donationTypeId, amount: amountNumber }) || amountNumber === null) {
      toast({
        title: t('donations.step.invalidTitle'),
        description: t('donations.step.invalidText'),
        variant: 'destructive',
      });
      return;
    }
    onContinue({ amount: Math.round(amountNumber * 100) / 100, donationDetails: buildDonationDetails(selectedType, amountNumber) });
  }

  if (loading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('donations.step.loading')} />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography id={labelId} sx={{ fontWeight: 600 }}>
        {t('donations.step.choose')}
      </Typography>
      {!donationTypes && loaded.error ? (
        <Alert severity="warning">{t('donations.step.typesFailed')}</Alert>
      ) : null}
      <Options types={types} value={typeId} onChange={choose} labelId={labelId} />
      <TextField
        label={t('donations.amount')}
        type="number"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        disabled={typeId === ''}
        error={amountProblem !== null && amount !== ''}
        helperText={typeId === '' ? t('donations.step.selectFirst') : (amountProblem ?? t('donations.step.amountHelp'))}
        slotProps={{
          htmlInput: { min: 1, step: 0.01, inputMode: 'decimal' },
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          // The hint must stay readable while the field is disabled (WCAG AA contrast).
          formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
        }}
        fullWidth
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
        {secondaryAction}
        <Button variant="contained" onClick={handleContinue} disabled={!valid}>
          {continueLabel ?? t('donations.continue')}
        </Button>
      </Box>
    </Box>
  );
}
