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
import { todayIn } from '@/lib/dates';
import { formatDate, formatUSD } from '@/lib/format';
import { useSite } from '@/lib/site';
import type { CardSetup, RecurringCharge, RecurringGift } from '@/types/recurring-gifts';
import { useRecurringGiftActions } from '../api/recurring-gifts';
import { t } from '../i18n';
import { cardLabel, dayText, failureMessage, statusLook, summaryText } from '../lib/gift-text';
import type { CardStep } from '../types';
import { ChangeGiftDialog } from './change-gift-dialog';
import { UpdateCardDialog } from './update-card-dialog';

/** How many of the gift's charges it lists (the server sends the latest, newest first). */
const RECENT = 6;

/** A charge's status chip's color (its label: `recurring.charge`). */
const chargeColors: Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  completed: 'success',
  failed: 'error',
  pending: 'warning',
  refunded: 'info',
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
            <TableCell>{t('recurring.date')}</TableCell>
            <TableCell align="right">{t('recurring.amount')}</TableCell>
            <TableCell>{t('recurring.chargeStatus')}</TableCell>
            <TableCell>{t('recurring.receipt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {charges.slice(0, RECENT).map((c) => {
            const status = { label: t('recurring.charge', { status: c.status }), color: chargeColors[c.status] ?? 'default' };
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

  const summary = summaryText(gift);
  const status = statusLook(gift);
  const failure = failureMessage(gift);
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
            ? { title: t('recurring.paused'), description: t('recurring.pausedText', { summary }) }
            : { title: t('recurring.resumed'), description: next.nextChargeOn ? t('recurring.nextGiftOnDate', { date: dayText(next.nextChargeOn) }) : summary },
        );
      } catch (err) {
        toast({
          title: t('recurring.error'),
          description: errorMessage(err, kind === 'pause' ? t('recurring.pauseFailed') : t('recurring.resumeFailed')),
          variant: 'destructive',
        });
      }
    });

  const openCard = () =>
    run('card', async () => {
      try {
        setCard({ open: true, setup: await actions.cardSetup() });
      } catch (err) {
        toast({ title: t('recurring.error'), description: errorMessage(err, t('recurring.cardFormFailed')), variant: 'destructive' });
      }
    });

  const cancel = () =>
    run('cancel', async () => {
      try {
        await actions.cancel();
        toast({ title: t('recurring.canceledToast'), description: summary });
        setConfirmCancel(false);
      } catch (err) {
        toast({ title: t('recurring.error'), description: errorMessage(err, t('recurring.cancelFailed')), variant: 'destructive' });
      }
    });

  let next: string;
  if (canceled) next = gift.canceledAt ? t('recurring.canceledOn', { date: formatDate(gift.canceledAt) }) : t('recurring.canceled');
  else if (gift.status === 'paused') next = t('recurring.noneWhilePaused');
  else if (gift.status === 'setup') next = t('recurring.onceCardSaved');
  else next = gift.nextChargeOn ? dayText(gift.retryOn ?? gift.nextChargeOn) : '—';

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
        <Detail label={t('recurring.amount')}>{t('recurring.amountLower', { amount: formatUSD(gift.amount), frequency: gift.frequency })}</Detail>
        <Detail label={t('recurring.fund')}>{gift.fundName}</Detail>
        <Detail label={gift.retryOn && !canceled && gift.status === 'active' ? t('recurring.nextTry') : t('recurring.nextGift')}>{next}</Detail>
        <Detail label={t('recurring.card')}>{gift.card ? cardLabel(gift.card) : t('recurring.noCardYet')}</Detail>
        <Detail label={t('recurring.receipts')}>
          {gift.receipts === 'each' ? t('recurring.receiptEachShort') : t('recurring.statementOnlyShort')}
        </Detail>
        <Detail label={t('recurring.started')}>{dayText(gift.startOn)}</Detail>
      </Box>
      {failure && !canceled ? <Alert severity={gift.status === 'paused' ? 'error' : 'warning'}>{failure}</Alert> : null}
      {gift.status === 'setup' ? (
        <Alert severity="info">{t('recurring.startsOnceCard')}</Alert>
      ) : null}
      {gift.charges.length > 0 ? (
        <Charges charges={gift.charges} label={t('recurring.recentGifts', { summary })} />
      ) : gift.status !== 'setup' ? (
        <Typography variant="body2" color="text.secondary">
          {t('recurring.noneCharged')}
        </Typography>
      ) : null}
      {canceled ? null : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {button(t('recurring.change'), () => setChange((c) => ({ session: c.session + 1, open: true })), null)}
          {gift.status === 'active' ? button(t('recurring.pause'), () => void pauseOrResume('pause'), 'pause') : null}
          {gift.status === 'paused' ? button(t('recurring.resume'), () => void pauseOrResume('resume'), 'resume') : null}
          {button(gift.card ? t('recurring.updateCard') : t('recurring.addCard'), () => void openCard(), 'card')}
          {button(t('recurring.cancelGift'), () => setConfirmCancel(true), null, { color: 'error', variant: 'text' })}
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
        title={t('recurring.cancelTitle')}
        confirmLabel={t('recurring.cancelGift')}
        cancelLabel={t('recurring.keepGift')}
        busyLabel={t('recurring.canceling')}
        busy={busy === 'cancel'}
        destructive
        onConfirm={() => void cancel()}
        onClose={() => setConfirmCancel(false)}
      >
        {t('recurring.cancelText', { summary })}
      </ConfirmDialog>
    </Paper>
  );
}
