import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { env } from '@/config/env';
import { errorMessage } from '@/lib/api-client';
import { dateLabel, todayIn } from '@/lib/dates';
import { formatDate, formatUSD } from '@/lib/format';
import { cardText, failureText, frequencyLabels, giftStatus, giftSummary } from '@/lib/recurring-gifts';
import { useSite } from '@/lib/site';
import type { CardSetup, RecurringCharge, RecurringGift } from '@/types/recurring-gifts';
import { useRecurringGiftActions } from '../api/recurring-gifts';
import type { CardStep } from '../types';
import { ChangeGiftDialog } from './change-gift-dialog';
import { UpdateCardDialog } from './update-card-dialog';

/** How many of the gift's charges it lists (the server sends the latest, newest first). */
const RECENT = 6;

const chargeLabels: Record<string, { label: string; color: 'default' | 'success' | 'error' | 'warning' | 'info' }> = {
  completed: { label: 'Completed', color: 'success' },
  failed: { label: 'Declined', color: 'error' },
  pending: { label: 'Pending', color: 'warning' },
  refunded: { label: 'Refunded', color: 'info' },
};

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Charges({ charges, label }: { charges: RecurringCharge[]; label: string }) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Receipt</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {charges.slice(0, RECENT).map((c) => {
            const status = chargeLabels[c.status] ?? { label: c.status, color: 'default' as const };
            return (
              <TableRow key={c.paymentId}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.chargedAt)}</TableCell>
                <TableCell align="right">{formatUSD(c.amount)}</TableCell>
                <TableCell>
                  <Chip size="small" label={status.label} color={status.color} />
                </TableCell>
                {/* A long receipt number breaks rather than widen the table past a phone's width. */}
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {c.status === 'completed' ? (
                    <Link component={RouterLink} to={c.receiptUrl}>
                      {c.receiptNumber}
                    </Link>
                  ) : (
                    c.receiptNumber || '—'
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

type Props = {
  gift: RecurringGift;
  /** The gift's signed link's token (a guest's page); a signed-in owner needs none. */
  token?: string | null;
  /** The payments feature's card form (composed in src/app), for "Update card". */
  cardStep: CardStep;
  /** `li` in a list of gifts (My Donations), else a section of its own. */
  component?: 'li' | 'section';
  /** The gift's heading: h3 under My Donations' "Recurring gifts", h2 on its own page. */
  headingLevel?: 'h2' | 'h3';
};

type Busy = null | 'pause' | 'resume' | 'card' | 'cancel';

/**
 * One recurring gift as its donor manages it (My Donations, and the gift's own page by its signed
 * link): amount, frequency, fund, next date, card, status, the last failure and its retry, the
 * recent charges with their receipts; Change, Pause or Resume, Update card and Cancel (none once
 * canceled).
 */
export function RecurringGiftCard({ gift, token, cardStep, component = 'li', headingLevel = 'h3' }: Props) {
  const headingId = useId();
  const { toast } = useToast();
  const { settings } = useSite();
  const today = todayIn(settings?.timeZone || env.timeZone);
  const actions = useRecurringGiftActions(gift.id, token);
  const [busy, setBusy] = useState<Busy>(null);
  const [change, setChange] = useState({ session: 0, open: false });
  const [card, setCard] = useState<{ open: boolean; setup: CardSetup | null }>({ open: false, setup: null });
  const [confirmCancel, setConfirmCancel] = useState(false);

  const summary = giftSummary(gift);
  const status = giftStatus(gift);
  const failure = failureText(gift);
  const canceled = gift.status === 'canceled';

  async function run(kind: Exclude<Busy, null>, act: () => Promise<unknown>) {
    setBusy(kind);
    try {
      await act();
    } finally {
      setBusy(null);
    }
  }

  const pauseOrResume = (kind: 'pause' | 'resume') =>
    run(kind, async () => {
      try {
        const next = await (kind === 'pause' ? actions.pause() : actions.resume());
        toast(
          kind === 'pause'
            ? { title: 'Gift paused', description: `No gift is charged until you resume it. ${summary}` }
            : { title: 'Gift resumed', description: next.nextChargeOn ? `Next gift on ${dateLabel(next.nextChargeOn)}` : summary },
        );
      } catch (err) {
        toast({ title: 'Error', description: errorMessage(err, `Your gift could not be ${kind === 'pause' ? 'paused' : 'resumed'}`), variant: 'destructive' });
      }
    });

  const openCard = () =>
    run('card', async () => {
      try {
        setCard({ open: true, setup: await actions.cardSetup() });
      } catch (err) {
        toast({ title: 'Error', description: errorMessage(err, 'The card form could not be loaded. Please try again.'), variant: 'destructive' });
      }
    });

  const cancel = () =>
    run('cancel', async () => {
      try {
        await actions.cancel();
        toast({ title: 'Recurring gift canceled', description: summary });
        setConfirmCancel(false);
      } catch (err) {
        toast({ title: 'Error', description: errorMessage(err, 'Your gift could not be canceled'), variant: 'destructive' });
      }
    });

  let next: string;
  if (canceled) next = gift.canceledAt ? `Canceled on ${formatDate(gift.canceledAt)}` : 'Canceled';
  else if (gift.status === 'paused') next = 'None while paused';
  else if (gift.status === 'setup') next = 'Once a card is saved';
  else next = gift.nextChargeOn ? dateLabel(gift.retryOn ?? gift.nextChargeOn) : '—';

  const button = (label: string, onClick: () => void, kind: Busy, extra: { color?: 'error'; variant?: 'outlined' | 'text' } = {}) => (
    <Button
      size="small"
      variant={extra.variant ?? 'outlined'}
      color={extra.color}
      onClick={onClick}
      disabled={busy !== null}
      aria-describedby={headingId}
    >
      {busy === kind && kind !== null ? `${label}...` : label}
    </Button>
  );

  return (
    <Paper
      component={component}
      variant="outlined"
      aria-labelledby={component === 'section' ? headingId : undefined}
      sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component={headingLevel} variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {summary}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} variant={status.variant} />
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Detail label="Amount">{`${formatUSD(gift.amount)}, ${frequencyLabels[gift.frequency].toLowerCase()}`}</Detail>
        <Detail label="Fund">{gift.fundName}</Detail>
        <Detail label={gift.retryOn && !canceled && gift.status === 'active' ? 'Next try' : 'Next gift'}>{next}</Detail>
        <Detail label="Card">{gift.card ? cardText(gift.card) : 'No card yet'}</Detail>
        <Detail label="Receipts">{gift.receipts === 'each' ? 'A receipt for each gift' : 'Year-end statement only'}</Detail>
        <Detail label="Started">{dateLabel(gift.startOn)}</Detail>
      </Box>
      {failure && !canceled ? <Alert severity={gift.status === 'paused' ? 'error' : 'warning'}>{failure}</Alert> : null}
      {gift.status === 'setup' ? (
        <Alert severity="info">This gift starts once a card is saved for it.</Alert>
      ) : null}
      {gift.charges.length > 0 ? (
        <Charges charges={gift.charges} label={`Recent gifts: ${summary}`} />
      ) : gift.status !== 'setup' ? (
        <Typography variant="body2" color="text.secondary">
          No gift has been charged yet.
        </Typography>
      ) : null}
      {canceled ? null : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {button('Change', () => setChange((c) => ({ session: c.session + 1, open: true })), null)}
          {gift.status === 'active' ? button('Pause', () => void pauseOrResume('pause'), 'pause') : null}
          {gift.status === 'paused' ? button('Resume', () => void pauseOrResume('resume'), 'resume') : null}
          {button(gift.card ? 'Update card' : 'Add card', () => void openCard(), 'card')}
          {button('Cancel gift', () => setConfirmCancel(true), null, { color: 'error', variant: 'text' })}
        </Box>
      )}
      {change.session > 0 ? (
        <ChangeGiftDialog
          key={change.session}
          gift={gift}
          token={token}
          today={today}
          open={change.open}
          onClose={() => setChange((c) => ({ ...c, open: false }))}
        />
      ) : null}
      {card.setup ? (
        <UpdateCardDialog
          key={card.setup.setupIntentId}
          gift={gift}
          token={token}
          setup={card.setup}
          cardStep={cardStep}
          open={card.open}
          onClose={() => setCard((c) => ({ ...c, open: false }))}
        />
      ) : null}
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel this recurring gift?"
        confirmLabel="Cancel gift"
        cancelLabel="Keep gift"
        busyLabel="Canceling..."
        busy={busy === 'cancel'}
        destructive
        onConfirm={() => void cancel()}
        onClose={() => setConfirmCancel(false)}
      >
        {`Your gift of ${summary} ends now: no further gifts are charged. The gifts already made and their receipts stay as they are.`}
      </ConfirmDialog>
    </Paper>
  );
}
