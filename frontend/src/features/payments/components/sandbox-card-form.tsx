import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatUSD } from '@/lib/format';
import type { PaymentIntentResponse } from '@/types/api';
import { confirmSandboxPayment } from '../api/payments';
import {
  formatCardNumber,
  formatExpiry,
  isValidCardNumber,
  isValidCvc,
  isValidExpiry,
  lastFour,
  parseExpiry,
  toAppPath,
} from '../lib/card-validation';
import { t } from '../i18n';
import { confirmationUrl, REDIRECT_DELAY_MS } from '../lib/payment-utils';
import type { PaymentOutcome } from '../types';
import { TestModeBanner } from './test-mode-banner';

/** What the sandbox's form tells of the card it was given (never its number). */
export type TestCard = { last4: string; expMonth: number; expYear: number };

type Props = {
  intent: Pick<PaymentIntentResponse, 'paymentIntentId' | 'clientSecret'>;
  amount: number;
  onFinished: (result: { status: PaymentOutcome; redirectUrl: string }) => void;
  /**
   * Sends the chosen outcome somewhere else than the online confirm step (the counter's charge, a
   * card saved for later gifts), with the card's last four digits and expiry; the form then
   * finishes at once, with no page to go to.
   */
  confirm?: (outcome: PaymentOutcome, card: TestCard) => Promise<unknown>;
  /**
   * Saves the card for later gifts instead of paying now (with `confirm`): no "Stays processing"
   * outcome, and the button reads `submitLabel`. A refusal naming the field `card` shows on the
   * card number.
   */
  save?: { submitLabel: string };
};

type CardErrors = Partial<Record<'name' | 'number' | 'expiry' | 'cvc', string>>;

const outcomes: { value: PaymentOutcome; label: 'payments.sandbox.succeeds' | 'payments.sandbox.declined' | 'payments.sandbox.staysProcessing' }[] = [
  { value: 'succeeded', label: 'payments.sandbox.succeeds' },
  { value: 'failed', label: 'payments.sandbox.declined' },
  { value: 'processing', label: 'payments.sandbox.staysProcessing' },
];
// A card is saved or declined; nothing stays processing.
const saveOutcomes = outcomes.filter((o) => o.value !== 'processing');

/**
 * The sandbox provider's card form (TEST MODE). The card fields are only checked here; what goes
 * to the server is the intent id, its client secret and the chosen test outcome.
 */
export function SandboxCardForm({ intent, amount, onFinished, confirm, save }: Props) {
  const { toast } = useToast();
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [outcome, setOutcome] = useState<PaymentOutcome>('succeeded');
  const [errors, setErrors] = useState<CardErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function validate(): CardErrors {
    const e: CardErrors = {};
    if (name.trim().length < 2) e.name = t('payments.sandbox.nameError');
    if (!isValidCardNumber(number)) e.number = t('payments.sandbox.numberError');
    if (!isValidExpiry(expiry)) e.expiry = t('payments.sandbox.expiryError');
    if (!isValidCvc(cvc)) e.cvc = t('payments.sandbox.cvcError');
    return e;
  }

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    const errorTitle = save ? t('payments.error.cardNotSaved') : t('payments.error.title');
    if (Object.keys(found).length > 0) {
      toast({ title: errorTitle, description: t('payments.error.fillIn'), variant: 'destructive' });
      return;
    }
    setSubmitting(true);
    try {
      if (confirm) {
        const exp = parseExpiry(expiry);
        await confirm(outcome, { last4: lastFour(number), expMonth: exp?.month ?? 0, expYear: exp?.year ?? 0 });
        setSubmitting(false);
        onFinished({ status: outcome, redirectUrl: '' });
        return;
      }
      const res = await confirmSandboxPayment({
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        outcome,
      });
      setDone(true);
      if (res?.redirectUrl) {
        onFinished({ status: outcome, redirectUrl: toAppPath(res.redirectUrl) });
      } else {
        // The provider did not send the donor anywhere: go to the confirmation page ourselves.
        const url = confirmationUrl({
          payment_intent: intent.paymentIntentId,
          payment_intent_client_secret: intent.clientSecret,
          redirect_status: outcome,
        });
        timer.current = window.setTimeout(() => onFinished({ status: outcome, redirectUrl: url }), REDIRECT_DELAY_MS);
      }
    } catch (err) {
      console.error('Sandbox payment failed', err);
      const onCard = err instanceof ApiError ? err.fieldErrors.card : undefined;
      if (onCard) setErrors({ number: onCard });
      toast({ title: errorTitle, description: onCard ?? errorMessage(err, t('payments.error.unexpected')), variant: 'destructive' });
      setSubmitting(false);
    }
  }

  const busy = submitting || done;
  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label={save ? t('payments.sandbox.saveLabel') : t('payments.sandbox.label')}>
      <TestModeBanner saving={Boolean(save)} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={t('payments.sandbox.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(errors.name)}
          helperText={errors.name}
          autoComplete="off"
          required
          fullWidth
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <TextField
          label={t('payments.sandbox.number')}
          value={number}
          onChange={(e) => setNumber(formatCardNumber(e.target.value))}
          error={Boolean(errors.number)}
          helperText={errors.number}
          placeholder="4242 4242 4242 4242"
          autoComplete="off"
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-private': true } }}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <TextField
          label={t('payments.sandbox.expiry')}
          value={expiry}
          onChange={(e) => setExpiry(formatExpiry(e.target.value))}
          error={Boolean(errors.expiry)}
          helperText={errors.expiry}
          placeholder="12/30"
          autoComplete="off"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label={t('payments.sandbox.cvc')}
          value={cvc}
          onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
          error={Boolean(errors.cvc)}
          helperText={errors.cvc}
          placeholder="123"
          autoComplete="off"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          select
          label={t('payments.sandbox.outcome')}
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as PaymentOutcome)}
          helperText={save ? t('payments.sandbox.outcomeSaveHelp') : t('payments.sandbox.outcomeHelp')}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        >
          {(save ? saveOutcomes : outcomes).map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {t(o.label)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        startIcon={<LockOutlined />}
        disabled={busy}
        sx={{ mt: 3 }}
      >
        {done
          ? t('payments.card.redirecting')
          : submitting
            ? save
              ? t('payments.card.saving')
              : t('payments.card.processing')
            : (save?.submitLabel ?? t('payments.card.pay', { amount: formatUSD(amount) }))}
      </Button>
    </Box>
  );
}
