import ArrowBack from '@mui/icons-material/ArrowBack';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatUSD } from '@/lib/format';
import type { PaymentMethod } from '@/types/api';
import { useActivePaymentMethods } from '../api/payment-methods';
import { t } from '../i18n';
import { methodKind } from '../lib/payment-utils';
import type { PaymentCompletion, PaymentRequest } from '../types';
import { CardPayment } from './card-payment';
import { PaymentMethodIcon } from './payment-method-icon';
import { ZellePayment } from './zelle-payment';
import { RetryAlert } from '@/components/ui/retry-alert';

export type PaymentSelectorProps = PaymentRequest & {
  /** Called when a payment finished here; without it the donor is sent to the confirmation page. */
  onComplete?: (completion: PaymentCompletion) => void;
  /** Reads answer null on 401 (the donate page, where guests and stale sessions pay too). */
  tolerate401?: boolean;
};

function MethodOption({
  method,
  selected,
  name,
  onSelect,
}: {
  method: PaymentMethod;
  selected: boolean;
  name: string;
  onSelect: () => void;
}) {
  const inputId = `${name}-${method.id}`;
  return (
    <Box
      component="label"
      htmlFor={inputId}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        borderRadius: 2,
        cursor: 'pointer',
        bgcolor: selected ? 'action.selected' : 'transparent',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Radio id={inputId} name={name} value={method.id} checked={selected} onChange={onSelect} />
      <PaymentMethodIcon paymentMethod={method} color={selected ? 'primary' : 'action'} />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{method.displayName}</Typography>
        {method.description ? (
          <Typography variant="body2" color="text.secondary">
            {method.description}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

/**
 * Choose a payment method, then pay with it: the card provider's screen (name 'stripe'), the
 * Zelle screen (name 'zelle'), or a 'not fully implemented' notice for anything else.
 */
export function PaymentSelector({ onComplete, tolerate401 = false, ...request }: PaymentSelectorProps) {
  const navigate = useNavigate();
  const groupName = useId();
  const { methods, error, isLoading, isValidating, refresh } = useActivePaymentMethods(tolerate401);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [step, setStep] = useState<'select' | 'process'>('select');

  const list = methods ?? [];
  // The first method is selected until the donor picks another one.
  const selected = list.find((m) => m.id === selectedId) ?? list[0] ?? null;
  const amountOk = Number.isFinite(request.amount) && request.amount > 0;

  function finish(completion: PaymentCompletion) {
    if (onComplete) onComplete(completion);
    else if (/^https?:\/\//.test(completion.redirectUrl)) window.location.assign(completion.redirectUrl);
    else navigate(completion.redirectUrl);
  }

  if (!amountOk) {
    return <Alert severity="info">{t('payments.selector.selectAmount')}</Alert>;
  }

  if (step === 'process') {
    const back = (
      <Button startIcon={<ArrowBack />} onClick={() => setStep('select')} sx={{ ml: -1, mb: 1 }}>
        {t('payments.selector.back')}
      </Button>
    );
    if (!selected) {
      return (
        <Box>
          {back}
          <Alert severity="warning">{t('payments.selector.noneAvailable')}</Alert>
        </Box>
      );
    }
    const kind = methodKind(selected.name);
    return (
      <Box>
        {back}
        <Typography component="h3" variant="h6" sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
          <PaymentMethodIcon paymentMethod={selected} color="primary" />
          {t('payments.selector.payWith', { amount: formatUSD(request.amount), method: selected.displayName })}
        </Typography>
        {kind === 'card' ? (
          <CardPayment
            request={request}
            onFinished={(r) =>
              finish({ method: 'card', methodName: selected.displayName, amount: request.amount, ...r })
            }
          />
        ) : kind === 'zelle' ? (
          <ZellePayment
            request={request}
            onFinished={(r) =>
              finish({
                method: 'zelle',
                methodName: selected.displayName,
                amount: request.amount,
                status: 'succeeded',
                redirectUrl: r.redirectUrl,
              })
            }
          />
        ) : (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" onClick={() => setStep('select')}>
                {t('payments.selector.goBack')}
              </Button>
            }
          >
            <AlertTitle>{t('payments.selector.notImplementedTitle')}</AlertTitle>
            {t('payments.selector.notImplemented', { method: selected.displayName })}
          </Alert>
        )}
      </Box>
    );
  }

  if (isLoading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('payments.selector.loading')} />
      </Box>
    );
  }

  if (error) {
    return (
      <RetryAlert onRetry={() => void refresh()}>
      <AlertTitle>{t('payments.selector.loadFailedTitle')}</AlertTitle>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        {t('payments.selector.loadFailed', { message: error.message })}
      </Typography>
      </RetryAlert>
    );
  }

  if (list.length === 0) {
    return (
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" onClick={() => void refresh()}>
            {t('payments.selector.refresh')}
          </Button>
        }
      >
        <AlertTitle>{t('payments.selector.noneTitle')}</AlertTitle>
        {t('payments.selector.noneText')}
      </Alert>
    );
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography id={`${groupName}-label`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('payments.selector.choose')}
        </Typography>
        <Tooltip title={t('payments.selector.refreshMethods')}>
          <span>
            <IconButton aria-label={t('payments.selector.refreshMethods')} onClick={() => void refresh()} disabled={isValidating}>
              <Refresh />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <Box role="radiogroup" aria-labelledby={`${groupName}-label`} sx={{ display: 'grid', gap: 1.25 }}>
        {list.map((m) => (
          <MethodOption
            key={m.id}
            method={m}
            name={groupName}
            selected={selected?.id === m.id}
            onSelect={() => setSelectedId(m.id)}
          />
        ))}
      </Box>
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 2.5, gap: 2, flexWrap: 'wrap' }}
      >
        <Typography>
          {t.rich('payments.selector.total', { amount: formatUSD(request.amount), strong: (chunks) => <strong>{chunks}</strong> })}
        </Typography>
        <Button variant="contained" size="large" onClick={() => setStep('process')} disabled={!selected}>
          {t('payments.selector.continue')}
        </Button>
      </Box>
    </Box>
  );
}
