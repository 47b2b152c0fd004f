import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAppConfig } from '@/lib/app-config';
import type { TextChannel, TextKind, Texting } from '@/types/api';
import { useTexting, useTextingActions, type TextPreferences } from '../api/texting';

/** The kinds a member may agree to, each on its own (docs/product.md#text-messages). */
export const TEXT_KINDS: readonly { kind: TextKind; label: string; help: string }[] = [
  { kind: 'confirmations', label: 'Confirmations', help: 'When you register for an event or book a seva.' },
  { kind: 'reminders', label: 'Reminders', help: 'The day before an event, and before a star birthday.' },
  { kind: 'receipts', label: 'Receipts', help: 'A link to the receipt of what you give or buy at the counter.' },
];

/** US time zones offered for the quiet hours; a member's own zone is added when it is another. */
const ZONES: readonly [string, string][] = [
  ['America/Los_Angeles', 'Pacific'],
  ['America/Denver', 'Mountain'],
  ['America/Phoenix', 'Arizona'],
  ['America/Chicago', 'Central'],
  ['America/New_York', 'Eastern'],
  ['America/Anchorage', 'Alaska'],
  ['Pacific/Honolulu', 'Hawaii'],
];

/** "+19165550123" as "(916) 555-0123". */
export function displayPhone(e164: string | null | undefined): string {
  const digits = e164?.startsWith('+1') ? e164.slice(2) : null;
  return digits && /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : (e164 ?? '');
}

/** The consent the TCPA and the CTIA ask for before the first text (docs/product.md#text-messages). */
export function consentText(temple: string): string {
  return (
    `By verifying, you agree to get automated texts from ${temple} about what you tick. Msg & data rates may apply. ` +
    'Message frequency varies. Reply STOP to opt out, HELP for help. Agreeing is not a condition of any donation or booking.'
  );
}

function PreferencesFields({
  value,
  onChange,
  whatsapp,
  disabled,
}: {
  value: TextPreferences;
  onChange: (next: TextPreferences) => void;
  whatsapp: boolean;
  disabled: boolean;
}) {
  const zones = ZONES.some(([zone]) => zone === value.timeZone) ? ZONES : [...ZONES, [value.timeZone, value.timeZone] as [string, string]];
  const toggle = (kind: TextKind, on: boolean) =>
    onChange({ ...value, kinds: on ? [...value.kinds, kind] : value.kinds.filter((k) => k !== kind) });
  return (
    <>
      <FormControl component="fieldset" disabled={disabled}>
        <FormLabel component="legend">Text me about</FormLabel>
        <FormGroup>
          {TEXT_KINDS.map(({ kind, label, help }) => (
            <FormControlLabel
              key={kind}
              sx={{ alignItems: 'flex-start', mb: 0.5 }}
              control={<Checkbox sx={{ mt: -0.75 }} checked={value.kinds.includes(kind)} onChange={(e) => toggle(kind, e.target.checked)} />}
              label={
                <span>
                  {label}
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {help}
                  </Typography>
                </span>
              }
            />
          ))}
        </FormGroup>
      </FormControl>
      {whatsapp ? (
        <FormControl component="fieldset" disabled={disabled}>
          <FormLabel component="legend">Send them by</FormLabel>
          <RadioGroup row value={value.channel} onChange={(e) => onChange({ ...value, channel: e.target.value as TextChannel })}>
            <FormControlLabel value="sms" control={<Radio />} label="Text message" />
            <FormControlLabel value="whatsapp" control={<Radio />} label="WhatsApp" />
          </RadioGroup>
        </FormControl>
      ) : null}
      <TextField
        select
        label="My time zone"
        helperText="No texts between 9 PM and 8 AM here; they wait until morning."
        value={value.timeZone}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, timeZone: e.target.value })}
        sx={{ maxWidth: 320 }}
      >
        {zones.map(([zone, label]) => (
          <MenuItem key={zone} value={zone}>
            {label}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

function preferencesOf(texting: Texting): TextPreferences {
  return { kinds: texting.kinds as TextKind[], channel: texting.channel as TextChannel, timeZone: texting.timeZone };
}

function NumberForm({ texting, onSent }: { texting: Texting; onSent: () => void }) {
  const { sendCode } = useTextingActions();
  const [phone, setPhone] = useState(displayPhone(texting.pendingPhone ?? texting.accountPhone));
  const [channel, setChannel] = useState<TextChannel>('sms');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await sendCode(phone, channel);
      onSent();
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldErrors.phone ?? err.fieldErrors.channel ?? err.message) : errorMessage(err, 'Something went wrong.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      <TextField
        label="Mobile number"
        type="tel"
        autoComplete="tel-national"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={Boolean(error)}
        helperText={error ?? 'A US number; we text it a code to check it is yours.'}
        required
      />
      {texting.whatsappAvailable ? (
        <RadioGroup row aria-label="Send the code by" value={channel} onChange={(e) => setChannel(e.target.value as TextChannel)}>
          <FormControlLabel value="sms" control={<Radio />} label="Text message" />
          <FormControlLabel value="whatsapp" control={<Radio />} label="WhatsApp" />
        </RadioGroup>
      ) : null}
      <Box>
        <Button type="submit" variant="contained" disabled={busy || !phone.trim()}>
          {busy ? 'Sending...' : 'Send code'}
        </Button>
      </Box>
    </Box>
  );
}

function CodeForm({ texting, onNewNumber }: { texting: Texting; onNewNumber: () => void }) {
  const { toast } = useToast();
  const { verify } = useTextingActions();
  const { templeName } = useAppConfig();
  const [code, setCode] = useState('');
  const [preferences, setPreferences] = useState<TextPreferences>({ ...preferencesOf(texting), kinds: ['confirmations', 'reminders'] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await verify(code, preferences);
      toast({ title: 'Number verified', description: `Texts go to ${displayPhone(texting.pendingPhone)}.` });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : {};
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(err, 'Something went wrong. Please try again.') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      <Typography>
        We texted a code to <strong>{displayPhone(texting.pendingPhone)}</strong>. It works for 10 minutes.
      </Typography>
      <TextField
        label="Code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 8 } }}
        error={Boolean(errors.code)}
        helperText={errors.code ?? 'Six digits'}
        required
        sx={{ maxWidth: 200 }}
      />
      <PreferencesFields value={preferences} onChange={setPreferences} whatsapp={texting.whatsappAvailable} disabled={busy} />
      {errors.timeZone ? <Alert severity="error">{errors.timeZone}</Alert> : null}
      {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
      <Typography variant="body2" color="text.secondary">
        {consentText(templeName)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
        <Button onClick={onNewNumber} disabled={busy}>
          Send a new code
        </Button>
      </Box>
    </Box>
  );
}

function VerifiedForm({ texting }: { texting: Texting }) {
  const { toast } = useToast();
  const { update, remove } = useTextingActions();
  const [preferences, setPreferences] = useState<TextPreferences>(preferencesOf(texting));
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toast({ title: done });
    } catch (err) {
      toast({ title: 'Not saved', description: errorMessage(err, 'Something went wrong. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 520 }}>
      <Typography>
        Texts go to <strong>{displayPhone(texting.phone)}</strong>.
      </Typography>
      {texting.optedOut ? (
        <Alert severity="warning">This number replied STOP. Text START to the temple&apos;s number to get texts again.</Alert>
      ) : null}
      <PreferencesFields value={preferences} onChange={setPreferences} whatsapp={texting.whatsappAvailable} disabled={busy} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" disabled={busy} onClick={() => void run(() => update(preferences), 'Text messages saved')}>
          Save
        </Button>
        {confirmRemove ? (
          <>
            <Button color="error" variant="outlined" disabled={busy} onClick={() => void run(remove, 'Number removed: no more texts')}>
              Yes, remove my number
            </Button>
            <Button disabled={busy} onClick={() => setConfirmRemove(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button color="error" disabled={busy} onClick={() => setConfirmRemove(true)}>
            Remove number
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** Account Settings' Text messages: a verified US mobile number and what may be texted to it (ADR 0148). */
export function TextMessagesSection() {
  const { texting, error, isLoading, retry } = useTexting();
  const [newNumber, setNewNumber] = useState(false);
  let body;
  if (error) {
    body = <RetryAlert onRetry={retry}>Your text message settings could not be loaded.</RetryAlert>;
  } else if (isLoading || !texting) {
    body = (
      <LoadingRegion label="Loading your text message settings" sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="rounded" height={56} sx={{ maxWidth: 420 }} />
      </LoadingRegion>
    );
  } else if (!texting.available) {
    body = <Typography color="text.secondary">Text messages are not available on this site.</Typography>;
  } else if (texting.pendingPhone && !newNumber) {
    body = <CodeForm texting={texting} onNewNumber={() => setNewNumber(true)} />;
  } else if (texting.phone && !newNumber) {
    body = (
      <>
        <VerifiedForm key={`${texting.phone}-${texting.kinds.join()}`} texting={texting} />
        <Box>
          <Button size="small" onClick={() => setNewNumber(true)}>
            Use another number
          </Button>
        </Box>
      </>
    );
  } else {
    body = <NumberForm texting={texting} onSent={() => setNewNumber(false)} />;
  }
  return (
    <Box component="section" aria-labelledby="texts-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="texts-heading" component="h2" variant="h6">
        Text messages
      </Typography>
      <Typography color="text.secondary">Get confirmations, reminders and receipts by text. We never text between 9 PM and 8 AM.</Typography>
      {body}
    </Box>
  );
}
