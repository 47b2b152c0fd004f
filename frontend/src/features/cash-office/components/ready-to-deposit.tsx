import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatUSD } from '@/lib/format';
import { useDepositActions, useUndeposited } from '../api/deposits';
import { formatDay } from '../lib/dates';
import { emptySelection, keepWaiting, selectedCount, selectionTotals, toDepositRequest, toggle, toggleAll, type Group, type Selection } from '../lib/deposit';
import { centsOf, fromCents } from '../lib/money';
import type { Deposit, Undeposited } from '../types';
import { PickGroup, type PickItem } from './pick-group';
import { Section } from './section';

const DEPOSIT_EMPTY = 'Choose at least one closed drawer, hundi count or check';

/** "+$1.00", "-$2.00", or "no difference". */
function difference(amount: string): string {
  const cents = centsOf(amount);
  if (cents === 0) return 'no difference';
  return `difference ${cents > 0 ? '+' : ''}${formatUSD(amount)}`;
}

/** The waiting items of each group as rows to tick. */
function pickItems(waiting: Undeposited): Record<Group, PickItem[]> {
  return {
    drawers: waiting.drawers.map((d) => ({
      id: d.id,
      title: `Counter drawer · ${formatDay(d.day)}`,
      detail: `Counted ${formatUSD(d.counted)} against ${formatUSD(d.expected)} expected, ${difference(d.difference)} · closed by ${d.closedByName}`,
      amount: d.counted,
    })),
    collections: waiting.collections.map((c) => ({
      id: c.id,
      title: `${c.boxName} · ${formatDay(c.countedOn)}`,
      detail: c.fundName,
      amount: c.total,
    })),
    checks: waiting.checks.map((c) => ({
      id: c.id,
      title: `Check ${c.checkNumber ?? ''} · ${c.bank ?? ''}`,
      detail: `Dated ${c.checkDate ? formatDay(c.checkDate) : '—'} · ${c.donorName ?? 'No donor name'}`,
      amount: c.amount,
    })),
  };
}

function Figure({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Box sx={{ textAlign: 'right' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant={strong ? 'h5' : 'h6'} component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatUSD(fromCents(cents))}
      </Typography>
    </Box>
  );
}

/**
 * What waits for the bank, in three groups to tick (closed drawers, locked hundi counts, checks),
 * the running cash, checks and total, a note, and "Make deposit".
 */
export function ReadyToDeposit({ onMade }: { onMade: (deposit: Deposit) => void }) {
  const { undeposited, error, isLoading, refresh } = useUndeposited();
  const actions = useDepositActions();
  const [picked, setPicked] = useState<Selection>(emptySelection);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  let body;
  if (isLoading) {
    body = (
      <LoadingRegion label="Loading what is ready to deposit" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={72} />
        ))}
      </LoadingRegion>
    );
  } else if (error || !undeposited) {
    body = <RetryAlert onRetry={() => void refresh()}>What is ready to deposit could not be loaded.</RetryAlert>;
  } else {
    // Only what still waits counts: an item deposited meanwhile drops out of the selection.
    const chosen = keepWaiting(picked, undeposited);
    const items = pickItems(undeposited);
    const totals = selectionTotals(chosen, undeposited);
    const group = (g: Group, title: string, noun: string, empty: string) => (
      <PickGroup
        title={title}
        noun={noun}
        empty={empty}
        items={items[g]}
        chosen={chosen[g]}
        disabled={busy}
        onToggle={(id, on) => setPicked(toggle(chosen, g, id, on))}
        onToggleAll={(on) => setPicked(toggleAll(chosen, g, items[g].map((i) => i.id), on))}
      />
    );

    const make = async () => {
      setRefusal(null);
      if (selectedCount(chosen) === 0) {
        setRefusal(DEPOSIT_EMPTY);
        return;
      }
      setBusy(true);
      try {
        const made = await actions.create(toDepositRequest(chosen, note));
        setPicked(emptySelection());
        setNote('');
        onMade(made);
      } catch (err) {
        setRefusal(errorMessage(err, 'The deposit could not be made. Please try again.'));
        if (err instanceof ApiError && err.status === 409) void actions.reloadWaiting();
      } finally {
        setBusy(false);
      }
    };

    body = (
      <>
        {group('drawers', 'Closed drawers', 'closed drawers', 'No closed drawer is waiting.')}
        {group('collections', 'Hundi counts', 'hundi counts', 'No locked hundi count is waiting.')}
        {group('checks', 'Checks', 'checks', 'No check is waiting.')}
        <Box role="status" aria-live="polite" aria-label="Deposit totals" sx={{ display: 'flex', justifyContent: 'flex-end', gap: { xs: 2, sm: 4 }, flexWrap: 'wrap' }}>
          <Figure label="Cash" cents={totals.cash} />
          <Figure label={`Checks (${totals.checkCount})`} cents={totals.checks} />
          <Figure label="Total" cents={totals.total} strong />
        </Box>
        <TextField label="Note" helperText="Optional, e.g. the bag number" value={note} onChange={(e) => setNote(e.target.value)} disabled={busy} slotProps={{ htmlInput: { maxLength: 500 } }} />
        {refusal ? <Alert severity="error">{refusal}</Alert> : null}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" size="large" onClick={() => void make()} disabled={busy}>
            {busy ? 'Making the deposit...' : `Make deposit · ${formatUSD(fromCents(totals.total))}`}
          </Button>
        </Box>
      </>
    );
  }

  return (
    <Section title="Ready to deposit" id="ready-title">
      {body}
    </Section>
  );
}
