import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { dollars } from '../lib/sale';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { CheckBatch, DonationType } from '@/types/api';
import { createCheckBatch } from '../api/check-batches';
import {
  batchTotalCents,
  blankCheck,
  clearDraft,
  errorsByCheck,
  filledChecks,
  GENERAL,
  GENERAL_NAME,
  loadDraft,
  MAX_CHECKS,
  newBatch,
  problems,
  saveDraft,
  toRequest,
  type BatchChannel,
  type DraftBatch,
  type DraftCheck,
} from '../lib/check-batch';
import { GiverField } from './giver-field';
import { ProblemList } from './problem-list';

type Sending = { state: 'idle' } | { state: 'sending' } | { state: 'offline' } | { state: 'refused'; message: string; byCheck: Map<number, string[]> };

/** One check of the batch: who wrote it, what it is for, the amount, and the check's number, bank and date. */
function CheckRow({
  index,
  check,
  funds,
  onChange,
  onRemove,
  locked,
  errors,
}: {
  index: number;
  check: DraftCheck;
  funds: readonly DonationType[];
  onChange: (check: DraftCheck) => void;
  onRemove: (() => void) | null;
  locked: boolean;
  errors: string[];
}) {
  const n = index + 1;
  const set = (field: 'amount' | 'checkNumber' | 'bank' | 'checkDate' | 'donationTypeId') => (e: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...check, [field]: e.target.value });
  return (
    <Paper variant="outlined" component="li" aria-label={`Check ${n}`} sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5, listStyle: 'none' }}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1.2fr 1fr auto' }, alignItems: 'start' }}>
        <GiverField label={`Check ${n}: from`} giver={check.giver} onChange={(giver) => onChange({ ...check, giver })} disabled={locked} autoFocus={index > 0} />
        <TextField select label={`Check ${n}: for`} value={check.donationTypeId} onChange={set('donationTypeId')} disabled={locked}>
          <MenuItem value={GENERAL}>{GENERAL_NAME}</MenuItem>
          {funds.map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField label={`Check ${n}: amount ($)`} value={check.amount} onChange={set('amount')} disabled={locked} required slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', pt: 1 }}>
          {onRemove ? (
            <IconButton aria-label={`Remove check ${n}`} onClick={onRemove} disabled={locked}>
              <DeleteOutline />
            </IconButton>
          ) : null}
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1.6fr 1fr' } }}>
        <TextField label={`Check ${n}: number`} value={check.checkNumber} onChange={set('checkNumber')} disabled={locked} required slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <TextField label={`Check ${n}: bank`} value={check.bank} onChange={set('bank')} disabled={locked} required slotProps={{ htmlInput: { maxLength: 100 } }} />
        <TextField
          label={`Check ${n}: date`}
          type="date"
          value={check.checkDate}
          onChange={set('checkDate')}
          disabled={locked}
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {errors.length > 0 ? (
        <Alert severity="error" variant="outlined">
          {errors.join(' ')}
        </Alert>
      ) : null}
    </Paper>
  );
}

/** What was recorded: each check's receipt and donor, and where to go next. */
function Recorded({ batch, onMore }: { batch: CheckBatch; onMore: () => void }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="success">{`${batch.sales.length === 1 ? '1 check' : `${batch.sales.length} checks`} recorded · $${batch.total}. Each is a gift on its donor's statement and waits for a bank deposit.`}</Alert>
      <List aria-label="Checks recorded" dense>
        {batch.sales.map((s) => (
          <ListItem key={s.id} disableGutters>
            {`${s.payment.receiptNumber ?? ''} · ${s.payment.donorName ?? ''} · $${s.payment.amount}`}
          </ListItem>
        ))}
      </List>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={onMore} autoFocus>
          Enter more checks
        </Button>
        <Button component={RouterLink} to={paths.deposits.getHref()}>
          Deposits
        </Button>
      </Box>
    </Box>
  );
}

/**
 * /checks: a batch of checks typed in one go (a festival table's, or the week's mail). The batch is
 * kept on this device as it is typed and sent with one key, so a dropped network or a reload loses
 * nothing and sending again never records it twice. `today` is the temple's, the checks' default date.
 */
export function CheckBatchPage({ funds, today }: { funds: readonly DonationType[]; today: string }) {
  const [batch, setBatch] = useState<DraftBatch>(() => loadDraft() ?? newBatch(today));
  const [sending, setSending] = useState<Sending>({ state: 'idle' });
  const [recorded, setRecorded] = useState<CheckBatch | null>(null);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!recorded) saveDraft(batch);
  }, [batch, recorded]);

  // Sent and unanswered: the batch stays as sent until it is sent again (the server may hold it).
  const locked = sending.state === 'sending' || sending.state === 'offline';
  const update = (next: DraftBatch) => {
    setBatch(next);
    if (sending.state === 'refused') setSending({ state: 'idle' });
  };
  const setCheck = (i: number, check: DraftCheck) => update({ ...batch, checks: batch.checks.map((c, j) => (j === i ? check : c)) });
  const missing = problems(batch);
  const count = filledChecks(batch).length;
  const total = batchTotalCents(batch);
  const names = new Map(funds.map((f) => [f.id, f.name]));

  const send = async () => {
    setTried(true);
    if (missing.length > 0) return;
    setSending({ state: 'sending' });
    try {
      const made = await createCheckBatch(batch.key, toRequest(batch, names));
      clearDraft();
      setRecorded(made);
      setSending({ state: 'idle' });
    } catch (err) {
      if (err instanceof ApiError) {
        setSending({ state: 'refused', message: errorMessage(err, 'The checks could not be recorded.'), byCheck: errorsByCheck(batch, err.fieldErrors) });
      } else {
        setSending({ state: 'offline' });
      }
    }
  };

  if (recorded) {
    return (
      <Container sx={{ py: { xs: 2, md: 4 }, display: 'grid', gap: 2 }} maxWidth="md">
        <Typography component="h1" variant="h4">
          Checks
        </Typography>
        <Recorded
          batch={recorded}
          onMore={() => {
            setRecorded(null);
            setTried(false);
            setBatch(newBatch(today));
          }}
        />
      </Container>
    );
  }

  const byCheck = sending.state === 'refused' ? sending.byCheck : new Map<number, string[]>();
  return (
    <Container sx={{ py: { xs: 2, md: 4 }, display: 'grid', gap: 2 }} maxWidth="md">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', ml: -1 }}>
        <Button component={RouterLink} to={paths.deposits.getHref()} startIcon={<ArrowBack />}>
          Deposits
        </Button>
      </Box>
      <div>
        <Typography component="h1" variant="h4">
          Checks
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Enter a festival table's checks or the week's mail in one go. Each check is a gift of its own: on its donor's statement, with a receipt
          e-mailed when an address is known, and waiting for a bank deposit.
        </Typography>
      </div>
      <Box
        component="form"
        noValidate
        aria-label="Checks to record"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        <TextField
          select
          label="Where they came from"
          value={batch.channel}
          onChange={(e) => update({ ...batch, channel: e.target.value as BatchChannel })}
          disabled={locked}
          sx={{ maxWidth: 320 }}
        >
          <MenuItem value="mail">Received by mail</MenuItem>
          <MenuItem value="counter">Collected at the temple</MenuItem>
        </TextField>
        <Box component="ol" sx={{ display: 'grid', gap: 1.5, m: 0, p: 0 }}>
          {batch.checks.map((check, i) => (
            <CheckRow
              key={i}
              index={i}
              check={check}
              funds={funds}
              locked={locked}
              errors={byCheck.get(i) ?? []}
              onChange={(c) => setCheck(i, c)}
              onRemove={batch.checks.length > 1 ? () => update({ ...batch, checks: batch.checks.filter((_, j) => j !== i) }) : null}
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Button
            startIcon={<Add />}
            disabled={locked || batch.checks.length >= MAX_CHECKS}
            onClick={() => update({ ...batch, checks: [...batch.checks, blankCheck(batch.checks.at(-1)?.checkDate || today)] })}
          >
            Add check
          </Button>
          <Typography role="status" sx={{ fontWeight: 600 }}>{`${count === 1 ? '1 check' : `${count} checks`} · ${dollars(total)}`}</Typography>
        </Box>
        {tried ? <ProblemList problems={missing} /> : null}
        {sending.state === 'offline' ? (
          <Alert severity="error">
            The network dropped before the server answered. The checks are kept on this device: send them again (they can never be recorded twice).
          </Alert>
        ) : null}
        {sending.state === 'refused' ? <Alert severity="error">{sending.message}</Alert> : null}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button
            disabled={locked}
            onClick={() => {
              clearDraft();
              setTried(false);
              setSending({ state: 'idle' });
              setBatch(newBatch(today));
            }}
          >
            Clear
          </Button>
          <Button type="submit" variant="contained" disabled={sending.state === 'sending'}>
            {sending.state === 'offline' ? 'Send again' : `Record ${count === 1 ? '1 check' : `${count} checks`} · ${dollars(total)}`}
          </Button>
        </Box>
      </Box>
    </Container>
  );
}
