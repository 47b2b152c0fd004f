import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { errorMessage } from '@/lib/api-client';
import type { CardCharge } from '@/types/api';
import { confirmSandboxCard, startCardCharge } from '../api/counter';
import { dollars } from '../lib/sale';

/** How the card form ended. */
export type CardOutcome = 'succeeded' | 'failed' | 'processing';

/** What the page composing the counter needs to draw the online card form for a charge. */
export type CardFormProps = {
  intent: { paymentIntentId: string; clientSecret: string };
  /** In dollars. */
  amount: number;
  confirmSandbox: (outcome: CardOutcome) => Promise<unknown>;
  onFinished: (outcome: CardOutcome) => void;
};

type Props = {
  /** The card attempt's key, the sale's key and the card part, in cents. */
  charge: { cardKey: string; saleKey: string; amountCents: number };
  renderCardForm: (props: CardFormProps) => React.ReactNode;
  /** The card was paid: the sale goes on with this charge. */
  onPaid: (intentId: string) => void;
  onClose: () => void;
};

/**
 * The card part of a sale, taken on the tablet before the sale is recorded: the charge is made for
 * this sale's key and amount, the online card form takes the card, and the sale is then sent with
 * it. A charge that no sale uses is given back (by Clear, by the part's refund button, or by the
 * server after an hour).
 */
export function CardDialog({ charge, renderCardForm, onPaid, onClose }: Props) {
  const [started, setStarted] = useState<CardCharge | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const amount = (charge.amountCents / 100).toFixed(2);

  const [attempt, setAttempt] = useState(0);
  const paid = useRef(onPaid);
  useEffect(() => {
    paid.current = onPaid;
  });

  // The charge for this card attempt: the same key answers the same charge (paid already, when a
  // reload lost the answer).
  useEffect(() => {
    let live = true;
    startCardCharge(charge.cardKey, charge.saleKey, amount).then(
      (made) => {
        if (!live) return;
        if (made.state === 'paid') paid.current(made.paymentIntentId);
        else setStarted(made);
      },
      (err: unknown) => {
        if (live) setError(errorMessage(err, 'The card payment could not be started.'));
      },
    );
    return () => {
      live = false;
    };
  }, [charge.cardKey, charge.saleKey, amount, attempt]);

  const retry = () => {
    setError(null);
    setAttempt((n) => n + 1);
  };

  const finished = (outcome: CardOutcome) => {
    if (outcome === 'succeeded' && started) onPaid(started.paymentIntentId);
    else if (outcome === 'processing') setNote('The card is still processing. Wait a moment and finish the sale again, or take another payment.');
    else setNote('The card was declined. Try another card or take another payment.');
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="counter-card-title" fullWidth maxWidth="sm">
      <DialogTitle id="counter-card-title">{`Card payment · ${dollars(charge.amountCents)}`}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography color="text.secondary">
          Hand the tablet to the person giving, or enter the card for them. The sale is recorded once the card is paid.
        </Typography>
        {note ? <Alert severity="warning">{note}</Alert> : null}
        {error ? (
          <RetryAlert onRetry={retry}>{error}</RetryAlert>
        ) : started?.clientSecret ? (
          renderCardForm({
            intent: { paymentIntentId: started.paymentIntentId, clientSecret: started.clientSecret },
            amount: charge.amountCents / 100,
            confirmSandbox: (outcome) => confirmSandboxCard(started.paymentIntentId, started.clientSecret ?? '', outcome),
            onFinished: finished,
          })
        ) : (
          <LoadingRegion label="Starting the card payment" sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress aria-hidden />
          </LoadingRegion>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Back to the sale</Button>
      </DialogActions>
    </Dialog>
  );
}
