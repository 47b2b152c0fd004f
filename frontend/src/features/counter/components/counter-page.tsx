import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { CounterPerson, CounterSale, DonationType, Event, Seva } from '@/types/api';
import { createCounterSale, personKey, personLabel, refundCardCharge, usePeopleSearch } from '../api/counter';
import {
  cardToCharge,
  cents,
  changeCents,
  clearPending,
  dollars,
  draftWithCard,
  emptyTender,
  loadPending,
  newCardKey,
  newSaleKey,
  paidCard,
  paidCents,
  problems,
  resolved,
  savePending,
  toRequest,
  totalCents,
  type DraftLine,
  type DraftRegistration,
  type DraftSale,
  type DraftSeva,
  type DraftTender,
  type PendingSale,
} from '../lib/sale';
import { CardDialog, type CardFormProps } from './card-dialog';
import { CounterActions } from './counter-actions';
import { ProblemList } from './problem-list';

const CUSTOM = 'custom';
const blankLine = (): DraftLine => ({ donationTypeId: CUSTOM, name: '', amount: '' });
const newDraft = (): DraftSale => ({ donor: null, sevas: [], lines: [blankLine()], tenders: [emptyTender('cash')] });

/** Moves the keyboard focus to the element with `id` once it is on the page (the next step of the sale). */
function focusSoon(id: string) {
  window.requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** Today on this tablet's calendar, "YYYY-MM-DD" (the temple's day: the tablet is at the temple). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography id={id} component="h2" variant="h6">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}


/**
 * Who is giving: a member or a walk-in who gave before, found as the counter types (so a returning
 * walk-in's gifts add up on one donor record), or a new walk-in with a name.
 */
function DonorSection({ sale, onChange, locked }: { sale: DraftSale; onChange: (donor: DraftSale['donor']) => void; locked: boolean }) {
  const [query, setQuery] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(query), 120);
    return () => window.clearTimeout(timer);
  }, [query]);
  const { people, current, isLoading, error } = usePeopleSearch(debounced);
  // Until the search for what is typed now has answered, the list still shows an earlier one's
  // people: they are shown disabled, so Enter cannot take someone the latest letters ruled out.
  const searching = !current || query.trim() !== debounced.trim();
  const donor = sale.donor;

  if (donor?.kind === 'member' || donor?.kind === 'returning') {
    const year = new Date().getFullYear();
    return (
      <Section title="Who is giving" id="counter-donor">
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{donor.label}</Typography>
          <Button onClick={() => onChange(null)} disabled={locked}>
            Change
          </Button>
        </Box>
        {donor.kind === 'returning' ? (
          // A walk-in has no account to open their statement in: the counter prints it (in a new
          // tab, so the sale being made stays).
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography color="text.secondary">Year-end statement (opens in a new tab):</Typography>
            {[year, year - 1].map((y) => (
              <Button
                key={y}
                size="small"
                component="a"
                href={paths.walkInStatement.getHref(donor.donorId, y)}
                target="_blank"
                rel="noopener"
                aria-label={`Year-end statement ${y} (opens in a new tab)`}
              >
                {String(y)}
              </Button>
            ))}
          </Box>
        ) : null}
      </Section>
    );
  }
  if (donor?.kind === 'walk-in') {
    const set = (field: 'name' | 'email' | 'phone' | 'address') => (e: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...donor, [field]: e.target.value });
    return (
      <Section title="Who is giving: a walk-in" id="counter-donor">
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField label="Name" value={donor.name} onChange={set('name')} required disabled={locked} autoFocus />
          <TextField label="Phone (optional)" value={donor.phone} onChange={set('phone')} disabled={locked} inputMode="tel" />
          <TextField label="E-mail for the receipt (optional)" type="email" value={donor.email} onChange={set('email')} disabled={locked} />
          <TextField label="Mailing address (optional)" value={donor.address} onChange={set('address')} disabled={locked} multiline />
        </Box>
        <Box>
          <Button onClick={() => onChange(null)} disabled={locked}>
            Find a member instead
          </Button>
        </Box>
      </Section>
    );
  }
  return (
    <Section title="Who is giving" id="counter-donor">
      <Autocomplete<CounterPerson>
        options={people}
        filterOptions={(options) => options}
        getOptionLabel={personLabel}
        getOptionKey={personKey}
        isOptionEqualToValue={(a, b) => personKey(a) === personKey(b)}
        getOptionDisabled={() => searching}
        inputValue={query}
        onInputChange={(_, value) => setQuery(value)}
        onChange={(_, person) => {
          if (person?.member) onChange({ kind: 'member', userId: person.member.id, label: personLabel(person) });
          else if (person?.walkIn) onChange({ kind: 'returning', donorId: person.walkIn.id, label: personLabel(person) });
          else return;
          focusSoon('counter-next-step');
        }}
        loading={isLoading}
        noOptionsText={
          debounced.trim().length < 2 ? 'Type at least 2 letters of a name, phone or e-mail' : 'Nobody matches: take them as a walk-in below'
        }
        disabled={locked}
        autoHighlight
        renderInput={(params) => <TextField {...params} label="Find a member or a past walk-in (name, phone or e-mail)" autoFocus />}
      />
      {error ? <Alert severity="error">{errorMessage(error, 'The search failed. Please try again.')}</Alert> : null}
      <Box>
        <Button variant="outlined" onClick={() => onChange({ kind: 'walk-in', name: '', email: '', phone: '', address: '' })} disabled={locked}>
          New walk-in without an account
        </Button>
      </Box>
    </Section>
  );
}

/** Sevas to book for the member: which, the day (today unless changed) and the slot; priced from the catalogue. */
function SevasSection({
  sevas,
  catalogue,
  onChange,
  locked,
}: {
  sevas: DraftSeva[];
  catalogue: readonly Seva[];
  onChange: (sevas: DraftSeva[]) => void;
  locked: boolean;
}) {
  const update = (i: number, seva: DraftSeva) => onChange(sevas.map((s, j) => (j === i ? seva : s)));
  const offered = catalogue.filter((s) => s.isActive && s.priceCents > 0);
  if (offered.length === 0) return null;
  return (
    <Section title="Sevas" id="counter-sevas">
      {sevas.map((seva, i) => {
        const n = i + 1;
        const chosen = offered.find((s) => s.id === seva.sevaId);
        return (
          <Box key={i} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1.4fr 1fr 1fr auto' }, alignItems: 'start' }}>
            <TextField
              select
              id={`counter-seva-${i}`}
              label={`Seva ${n}`}
              value={seva.sevaId}
              disabled={locked}
              helperText={chosen ? dollars(chosen.priceCents) : ' '}
              onChange={(e) => {
                const picked = offered.find((s) => s.id === e.target.value);
                if (picked) update(i, { ...seva, sevaId: picked.id, name: picked.name, priceCents: picked.priceCents, slot: picked.slots[0]?.time ?? '' });
              }}
            >
              {offered.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {`${s.name} · ${dollars(s.priceCents)}`}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={`Seva ${n}: day`}
              type="date"
              value={seva.date}
              disabled={locked}
              onChange={(e) => update(i, { ...seva, date: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {chosen && chosen.slots.length > 0 ? (
              <TextField select label={`Seva ${n}: time`} value={seva.slot} disabled={locked} onChange={(e) => update(i, { ...seva, slot: e.target.value })}>
                {chosen.slots.map((slot) => (
                  <MenuItem key={slot.time} value={slot.time}>
                    {slot.timeLabel}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <Typography color="text.secondary" sx={{ pt: 2 }}>
                Any time that day
              </Typography>
            )}
            <IconButton aria-label={`Remove seva ${n}`} onClick={() => onChange(sevas.filter((_, j) => j !== i))} disabled={locked} sx={{ mt: 1 }}>
              <DeleteOutline />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button
          id="counter-next-step"
          startIcon={<Add />}
          onClick={() => {
            onChange([...sevas, { sevaId: '', name: '', date: today(), slot: '', priceCents: 0 }]);
            focusSoon(`counter-seva-${sevas.length}`);
          }}
          disabled={locked || sevas.length >= 10}
        >
          Add seva
        </Button>
      </Box>
    </Section>
  );
}

/** Events to register the member for, with the family coming (a walk-in has no account to register). */
function RegistrationsSection({
  registrations,
  events,
  onChange,
  locked,
}: {
  registrations: DraftRegistration[];
  events: readonly Event[];
  onChange: (registrations: DraftRegistration[]) => void;
  locked: boolean;
}) {
  const update = (i: number, r: DraftRegistration) => onChange(registrations.map((x, j) => (j === i ? r : x)));
  // The events not yet started when the counter opened (the server refuses one that started since).
  const [opened] = useState(() => Date.now());
  const open = events.filter((e) => new Date(e.eventDate).getTime() > opened);
  if (open.length === 0) return null;
  return (
    <Section title="Event registrations" id="counter-registrations">
      {registrations.map((r, i) => {
        const n = i + 1;
        const chosen = open.find((e) => e.id === r.eventId);
        return (
          <Box key={i} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr auto' }, alignItems: 'start' }}>
            <TextField
              select
              id={`counter-event-${i}`}
              label={`Event ${n}`}
              value={r.eventId}
              disabled={locked}
              helperText={chosen?.spotsLeft != null ? `${chosen.spotsLeft} spots left` : ' '}
              onChange={(e) => update(i, { ...r, eventId: e.target.value })}
            >
              {open.map((e) => (
                <MenuItem key={e.id} value={e.id} disabled={registrations.some((x, j) => j !== i && x.eventId === e.id)}>
                  {`${e.name} · ${new Date(e.eventDate).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}`}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={`Event ${n}: family members coming`}
              value={r.family}
              disabled={locked}
              inputMode="numeric"
              onChange={(e) => update(i, { ...r, family: e.target.value })}
            />
            <IconButton aria-label={`Remove event ${n}`} onClick={() => onChange(registrations.filter((_, j) => j !== i))} disabled={locked} sx={{ mt: 1 }}>
              <DeleteOutline />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button
          startIcon={<Add />}
          onClick={() => {
            onChange([...registrations, { eventId: '', family: '0' }]);
            focusSoon(`counter-event-${registrations.length}`);
          }}
          disabled={locked || registrations.length >= 5}
        >
          Register for an event
        </Button>
      </Box>
    </Section>
  );
}

/** What they want: any number of lines, each a donation type (or another purpose) and an amount. */
function LinesSection({
  sale,
  lines,
  donationTypes,
  hasSevas,
  onChange,
  locked,
}: {
  sale: DraftSale;
  /** The Sevas section is shown (its Add seva button is the step after choosing the donor). */
  hasSevas: boolean;
  lines: DraftLine[];
  donationTypes: readonly DonationType[];
  onChange: (lines: DraftLine[]) => void;
  locked: boolean;
}) {
  const update = (i: number, line: DraftLine) => onChange(lines.map((l, j) => (j === i ? line : l)));
  return (
    <Section title="Donations" id="counter-lines">
      {lines.map((line, i) => {
        const n = i + 1;
        return (
          <Box key={i} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1.2fr 1.2fr 0.8fr auto' }, alignItems: 'start' }}>
            <TextField
              select
              id={i === 0 && !hasSevas ? 'counter-next-step' : `counter-line-${i}`}
              label={`Line ${n}: purpose`}
              value={line.donationTypeId}
              disabled={locked}
              onChange={(e) => {
                const kind = donationTypes.find((t) => t.id === e.target.value);
                update(i, kind ? { donationTypeId: kind.id, name: kind.name, amount: line.amount || (kind.defaultAmount ?? '') } : { ...line, donationTypeId: CUSTOM, name: '' });
              }}
            >
              {donationTypes.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
              <MenuItem value={CUSTOM}>Other (type its name)</MenuItem>
            </TextField>
            <TextField
              label={`Line ${n}: name`}
              value={line.name}
              disabled={locked || line.donationTypeId !== CUSTOM}
              onChange={(e) => update(i, { ...line, name: e.target.value })}
            />
            <TextField
              label={`Line ${n}: amount ($)`}
              value={line.amount}
              disabled={locked}
              inputMode="decimal"
              onChange={(e) => update(i, { ...line, amount: e.target.value })}
            />
            <IconButton aria-label={`Remove line ${n}`} onClick={() => onChange(lines.filter((_, j) => j !== i))} disabled={locked} sx={{ mt: 1 }}>
              <DeleteOutline />
            </IconButton>
          </Box>
        );
      })}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<Add />} onClick={() => onChange([...lines, blankLine()])} disabled={locked || lines.length >= 20}>
          Add line
        </Button>
        <Typography variant="h6" component="p">{`Total ${dollars(totalCents(sale))}`}</Typography>
      </Box>
    </Section>
  );
}

/** How it is paid: cash (with the change shown), a check, a card taken on the tablet, or a split. */
function PaymentSection({
  sale,
  onChange,
  onRefundCard,
  locked,
}: {
  sale: DraftSale;
  onChange: (tenders: DraftTender[]) => void;
  /** Gives back the card part `i` paid on the tablet, then removes it. */
  onRefundCard: (i: number) => void;
  locked: boolean;
}) {
  const tenders = sale.tenders;
  const shown = resolved(sale);
  const update = (i: number, tender: DraftTender) => onChange(tenders.map((t, j) => (j === i ? tender : t)));
  const hasCash = tenders.some((t) => t.method === 'cash');
  const hasCard = tenders.some((t) => t.method === 'card');
  const change = changeCents(shown);
  return (
    <Section title="Payment" id="counter-payment">
      {tenders.map((tender, i) => {
        const n = i + 1;
        const set = (field: keyof DraftTender) => (e: React.ChangeEvent<HTMLInputElement>) => update(i, { ...tender, [field]: e.target.value });
        return (
          <Box key={i} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(4, 1fr) auto' }, alignItems: 'start' }}>
            <TextField
              select
              label={`Part ${n}: method`}
              value={tender.method}
              disabled={locked || Boolean(tender.intentId)}
              onChange={(e) => update(i, { ...emptyTender(e.target.value as DraftTender['method']), amount: tender.amount })}
            >
              <MenuItem value="cash" disabled={hasCash && tender.method !== 'cash'}>
                Cash
              </MenuItem>
              <MenuItem value="check">Check</MenuItem>
              <MenuItem value="card" disabled={hasCard && tender.method !== 'card'}>
                Card
              </MenuItem>
            </TextField>
            <TextField
              label={`Part ${n}: amount ($)`}
              value={tender.amount}
              placeholder={shown[i]?.amount || undefined}
              helperText={tender.intentId ? 'Charged' : tender.amount.trim() ? undefined : 'Blank: the rest'}
              disabled={locked || Boolean(tender.intentId)}
              inputMode="decimal"
              onChange={set('amount')}
            />
            {tender.method === 'card' ? (
              <Box sx={{ gridColumn: { sm: 'span 2' }, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 56 }}>
                {tender.intentId ? (
                  <>
                    <Typography sx={{ fontWeight: 600 }}>Card paid</Typography>
                    <Button size="small" onClick={() => onRefundCard(i)} disabled={locked}>
                      {`Refund card part ${n}`}
                    </Button>
                  </>
                ) : (
                  <Typography color="text.secondary">Taken on the tablet when you finish the sale</Typography>
                )}
              </Box>
            ) : tender.method === 'cash' ? (
              <TextField label="Cash received ($)" value={tender.tendered} disabled={locked} inputMode="decimal" onChange={set('tendered')} sx={{ gridColumn: { sm: 'span 2' } }} />
            ) : (
              <>
                <TextField label="Check number" value={tender.checkNumber} disabled={locked} inputMode="numeric" onChange={set('checkNumber')} />
                <TextField label="Bank" value={tender.bank} disabled={locked} onChange={set('bank')} />
                <TextField label="Check date" type="date" value={tender.checkDate} disabled={locked} onChange={set('checkDate')} slotProps={{ inputLabel: { shrink: true } }} />
              </>
            )}
            <IconButton
              aria-label={`Remove part ${n}`}
              onClick={() => onChange(tenders.filter((_, j) => j !== i))}
              disabled={locked || tenders.length === 1 || Boolean(tender.intentId)}
              sx={{ mt: 1 }}
            >
              <DeleteOutline />
            </IconButton>
          </Box>
        );
      })}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<Add />} onClick={() => onChange([...tenders, emptyTender(hasCash ? 'check' : 'cash')])} disabled={locked || tenders.length >= 4}>
          Split: add a part
        </Button>
        <Box sx={{ textAlign: 'right' }}>
          <Typography>{`Paid ${dollars(paidCents(shown))} of ${dollars(totalCents(sale))}`}</Typography>
          <Typography variant="h5" component="p" role="status" aria-live="polite">
            {`Change ${dollars(change)}`}
          </Typography>
        </Box>
      </Box>
    </Section>
  );
}

type Failure = { offline: boolean; message: string; fields: string[] };

/**
 * The counter (front desk, admins): find the person or take a walk-in, add lines, take payment,
 * and finish in one step. A sale sent is kept on this device with its key until the server
 * confirms it, so a dropped network never loses it and sending it again never records it twice.
 * The page composing it gives the active donation types and renders a finished sale's receipt.
 */
export function CounterPage({
  donationTypes,
  sevas,
  events,
  renderReceipt,
  renderCardForm,
}: {
  donationTypes: readonly DonationType[];
  sevas: readonly Seva[];
  /** The events a member can be registered for with the sale. */
  events: readonly Event[];
  renderReceipt: (sale: CounterSale, onNewSale: () => void) => React.ReactNode;
  /** The online card form, for the card part of a sale. */
  renderCardForm: (props: CardFormProps) => React.ReactNode;
}) {
  const [pending, setPending] = useState<PendingSale | null>(() => loadPending());
  const [draft, setDraft] = useState<DraftSale>(() => ({ ...newDraft(), ...(loadPending()?.draft ?? draftWithCard.load()) }));
  const [done, setDone] = useState<CounterSale | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  /** The card part being taken on the tablet. */
  const [charging, setCharging] = useState<{ index: number; cardKey: string; saleKey: string; amountCents: number } | null>(null);
  const locked = pending !== null || sending || charging !== null;
  const missing = problems(draft);
  const card = paidCard(draft);

  // A card paid for a sale not yet recorded is kept on this device, so a reload keeps the sale with it.
  useEffect(() => {
    if (card && !done) draftWithCard.save(draft);
    else draftWithCard.clear();
  }, [card, done, draft]);

  const send = async (sale: PendingSale) => {
    setSending(true);
    setFailure(null);
    try {
      const recorded = await createCounterSale(sale.key, sale.request);
      clearPending();
      setPending(null);
      setDone(recorded);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        // Refused: nothing was recorded. The sale stays on screen to be corrected and sent again.
        clearPending();
        setPending(null);
        const paid = paidCard(sale.draft);
        const kept = paid
          ? ` The card payment of ${dollars(cents(paid.amount) ?? 0)} is kept for this sale: correct the sale and finish it, or refund the card.`
          : '';
        setFailure({ offline: false, message: `${errorMessage(err, 'The sale was refused.')}${kept}`, fields: Object.values(err.fieldErrors) });
      } else {
        setFailure({
          offline: !(err instanceof ApiError),
          message:
            err instanceof ApiError
              ? 'The server could not record the sale. It is kept on this tablet: send it again in a moment; it will not be recorded twice.'
              : 'The network dropped before the sale was confirmed. It is kept on this tablet: send it again when the network is back; it will not be recorded twice.',
          fields: [],
        });
      }
    } finally {
      setSending(false);
    }
  };

  /** Records `ready` (every card part paid) under its key. */
  const record = (ready: DraftSale) => {
    const sale: PendingSale = { key: ready.key ?? newSaleKey(), request: toRequest(ready), draft: ready };
    savePending(sale);
    setPending(sale);
    void send(sale);
  };

  const finish = () => {
    setAttempted(true);
    if (missing.length > 0) return;
    const index = cardToCharge(draft);
    if (index < 0) {
      record(draft);
      return;
    }
    // The card is taken first, for this sale's key: the key stays the sale's from now on.
    const saleKey = draft.key ?? newSaleKey();
    const cardKey = draft.tenders[index].cardKey ?? newCardKey();
    const tenders = draft.tenders.map((t, j) => (j === index ? { ...t, cardKey } : t));
    setDraft({ ...draft, key: saleKey, tenders });
    setFailure(null);
    setCharging({ index, cardKey, saleKey, amountCents: cents(resolved(draft)[index].amount) ?? 0 });
  };

  const cardPaid = (intentId: string) => {
    if (!charging) return;
    const ready = {
      ...draft,
      key: charging.saleKey,
      tenders: resolved(draft).map((t, j) => (j === charging.index ? { ...t, cardKey: charging.cardKey, intentId } : t)),
    };
    setCharging(null);
    setDraft(ready);
    record(ready);
  };

  const refundCard = async (i: number) => {
    const intentId = draft.tenders[i]?.intentId;
    if (!intentId) return;
    setSending(true);
    try {
      await refundCardCharge(intentId);
      const tenders = draft.tenders.filter((_, j) => j !== i);
      setDraft({ ...draft, tenders: tenders.length > 0 ? tenders : [emptyTender('cash')] });
      setFailure(null);
    } catch (err) {
      setFailure({ offline: !(err instanceof ApiError), message: errorMessage(err, 'The card could not be refunded. Please try again.'), fields: [] });
    } finally {
      setSending(false);
    }
  };

  const startOver = () => {
    setDone(null);
    setDraft(newDraft());
    setAttempted(false);
    setFailure(null);
  };

  /** Clear: a card paid for this sale is given back first. */
  const clear = async () => {
    const index = draft.tenders.findIndex((t) => t.intentId);
    if (index >= 0) {
      setSending(true);
      try {
        await refundCardCharge(draft.tenders[index].intentId ?? '');
      } catch (err) {
        setFailure({ offline: !(err instanceof ApiError), message: errorMessage(err, 'The card could not be refunded. Please try again.'), fields: [] });
        return;
      } finally {
        setSending(false);
      }
    }
    startOver();
  };

  if (done) {
    return (
      <Container sx={{ py: { xs: 2, md: 4 } }} maxWidth="md">
        {renderReceipt(done, startOver)}
      </Container>
    );
  }

  return (
    <Container sx={{ py: { xs: 2, md: 4 }, display: 'grid', gap: 2 }} maxWidth="md">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h1" variant="h4">
          Counter
        </Typography>
        <CounterActions />
      </Box>
      {pending ? (
        <Alert
          severity="warning"
          action={
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button color="inherit" onClick={() => void send(pending)} disabled={sending}>
                {sending ? 'Sending...' : 'Send again'}
              </Button>
            </Box>
          }
        >
          {failure?.message ?? 'This sale was sent but not yet confirmed. Send it again: it will not be recorded twice.'}
        </Alert>
      ) : null}
      {!pending && failure ? (
        <Alert severity="error">
          {failure.message}
          {failure.fields.length > 0 ? (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {failure.fields.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </Box>
          ) : null}
        </Alert>
      ) : null}
      <DonorSection sale={draft} onChange={(donor) => setDraft({ ...draft, donor })} locked={locked} />
      <SevasSection sevas={draft.sevas} catalogue={sevas} onChange={(chosen) => setDraft({ ...draft, sevas: chosen })} locked={locked} />
      {draft.donor?.kind === 'member' ? (
        <RegistrationsSection
          registrations={draft.registrations ?? []}
          events={events}
          onChange={(registrations) => setDraft({ ...draft, registrations })}
          locked={locked}
        />
      ) : null}
      <LinesSection sale={draft} hasSevas={sevas.some((s) => s.isActive && s.priceCents > 0)} lines={draft.lines} donationTypes={donationTypes} onChange={(lines) => setDraft({ ...draft, lines })} locked={locked} />
      <PaymentSection sale={draft} onChange={(tenders) => setDraft({ ...draft, tenders })} onRefundCard={(i) => void refundCard(i)} locked={locked} />
      {attempted ? <ProblemList problems={missing} /> : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={() => void clear()} disabled={locked}>
          {card ? 'Refund the card and clear' : 'Clear'}
        </Button>
        <Button variant="contained" size="large" onClick={finish} disabled={locked}>
          {sending ? 'Recording...' : `Finish sale · ${dollars(totalCents(draft))}`}
        </Button>
      </Box>
      {charging ? (
        <CardDialog charge={charging} renderCardForm={renderCardForm} onPaid={cardPaid} onClose={() => setCharging(null)} />
      ) : null}
    </Container>
  );
}
