import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRef, useState, type ReactNode } from 'react';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatUSD } from '@/lib/format';
import { useDepositActions } from '../api/deposits';
import type { Deposit } from '../types';

type Action = 'clear' | 'take-apart';

const question = (action: Action, d: Deposit['deposit']) =>
  action === 'clear'
    ? {
        title: `Mark deposit ${d.number} cleared?`,
        text: `Do this once the bank statement shows ${formatUSD(d.total)}. A cleared deposit is final: it can no longer be taken apart, and the sales in it can no longer be voided.`,
        confirm: 'Yes, mark cleared',
        busy: 'Marking...',
      }
    : {
        title: `Take deposit ${d.number} apart?`,
        text: 'The deposit is removed; its drawers, hundi counts and checks wait to be deposited again. Do this for a deposit made by mistake.',
        confirm: 'Yes, take it apart',
        busy: 'Taking apart...',
      };

/**
 * The slip's buttons: `children` (Print), and until the bank clears the deposit, Mark cleared and
 * Take apart, each asked first in place (the question takes the buttons' place and the focus;
 * No gives both back). In place rather than in a dialog: a dialog on this page alone splits MUI's
 * Modal into a chunk of its own, which grows the preload map every public page loads (`npm run size`).
 */
export function SlipActions({ deposit, onTakenApart, children }: { deposit: Deposit; onTakenApart: () => void; children: ReactNode }) {
  const { toast } = useToast();
  const actions = useDepositActions();
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const trigger = useRef<Record<Action, HTMLButtonElement | null>>({ clear: null, 'take-apart': null });
  const d = deposit.deposit;

  const close = (action: Action) => {
    setAsking(null);
    window.requestAnimationFrame(() => trigger.current[action]?.focus());
  };

  async function run(action: Action) {
    setBusy(true);
    setRefusal(null);
    try {
      if (action === 'clear') {
        await actions.clear(d.id);
        toast({ title: `Deposit ${d.number} cleared`, description: 'The bank has the money; the deposit is final.', variant: 'success' });
        setAsking(null);
      } else {
        await actions.takeApart(d.id);
        toast({ title: `Deposit ${d.number} taken apart`, description: 'Its drawers, counts and checks are ready to deposit again.' });
        onTakenApart();
      }
    } catch (err) {
      setRefusal(errorMessage(err, action === 'clear' ? 'The deposit could not be marked cleared.' : 'The deposit could not be taken apart.'));
      close(action);
    } finally {
      setBusy(false);
    }
  }

  const q = asking ? question(asking, d) : null;
  return (
    <Box className="no-print" sx={{ display: 'grid', gap: 1 }}>
      {refusal ? <Alert severity="error">{refusal}</Alert> : null}
      {asking && q ? (
        <Alert severity={asking === 'clear' ? 'info' : 'warning'} role="group" aria-labelledby="slip-question">
          <AlertTitle id="slip-question">{q.title}</AlertTitle>
          {q.text}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
            <Button variant="contained" color={asking === 'clear' ? 'primary' : 'error'} onClick={() => void run(asking)} disabled={busy} autoFocus>
              {busy ? q.busy : q.confirm}
            </Button>
            <Button color="inherit" onClick={() => close(asking)} disabled={busy}>
              No
            </Button>
          </Box>
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
        {d.clearedAt || asking ? null : (
          <>
            <Button ref={(el) => void (trigger.current['take-apart'] = el)} color="error" onClick={() => setAsking('take-apart')}>
              Take apart
            </Button>
            <Button ref={(el) => void (trigger.current.clear = el)} variant="outlined" onClick={() => setAsking('clear')}>
              Mark cleared
            </Button>
          </>
        )}
        {children}
      </Box>
    </Box>
  );
}
