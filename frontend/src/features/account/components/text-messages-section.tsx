import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAppConfig } from '@/lib/app-config';
import type { TextChannel, TextKind, Texting } from '@/types/api';
import { currentLanguage } from '@/i18n/runtime';
import { useTexting, useTextingActions, type TextPreferences } from '../api/texting';
import { t } from '../i18n';
import en from '../i18n/en.json';

/** The kinds a member may agree to, each on its own (docs/product.md#text-messages); what each is comes from `kindText`. */
export const TEXT_KINDS: readonly TextKind[] = ['confirmations', 'reminders', 'receipts'];

/** A kind's name and what it is, in the page's language. */
function kindText(kind: TextKind): { label: string; help: string } {
  switch (kind) {
    case 'confirmations':
      return { label: t('account.texts.kind.confirmations'), help: t('account.texts.kind.confirmationsHelp') };
    case 'reminders':
      return { label: t('account.texts.kind.reminders'), help: t('account.texts.kind.remindersHelp') };
    default:
      return { label: t('account.texts.kind.receipts'), help: t('account.texts.kind.receiptsHelp') };
  }
}

/** US time zones offered for the quiet hours, with their names' keys; a member's own zone is added when it is another. */
export const US_ZONES = [
  ['America/Los_Angeles', 'account.texts.zone.pacific'],
  ['America/Denver', 'account.texts.zone.mountain'],
  ['America/Phoenix', 'account.texts.zone.arizona'],
  ['America/Chicago', 'account.texts.zone.central'],
  ['America/New_York', 'account.texts.zone.eastern'],
  ['America/Anchorage', 'account.texts.zone.alaska'],
  ['Pacific/Honolulu', 'account.texts.zone.hawaii'],
] as const;

/**
 * The server's message for a number that is not a US one (crates/domain/src/texting.rs), in English
 * as it sends it; the form says it in the page's language.
 */
export const PHONE_INVALID = en['account.texts.phoneInvalid'];

/** "+19165550123" as "(916) 555-0123"; any other text as it is. */
export function displayPhone(e164: string | null | undefined): string {
  const digits = e164?.startsWith('+1') ? e164.slice(2) : null;
  return digits && /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : (e164 ?? '');
}

/** The consent the TCPA and the CTIA ask for before the first text, word for word (docs/product.md#text-messages). */
export function consentText(temple: string): string {
  return (
    `By verifying, you agree to get automated texts from ${temple} about what you tick. Msg & data rates may apply. ` +
    'Message frequency varies. Reply STOP to opt out, HELP for help. Agreeing is not a condition of any donation or booking.'
  );
}

type Errors = Record<string, string>;

/**
 * An API error as messages by field: the fields the form shows keep theirs, anything else (a 409's
 * or a 429's message, a field the form does not have) goes under `form`, for an alert.
 */
function errorsOf(err: unknown, fields: readonly string[]): Errors {
  if (!(err instanceof ApiError)) return { form: t('account.somethingWrong') };
  const errors: Errors = {};
  const rest: string[] = [];
  for (const [field, message] of Object.entries(err.fieldErrors)) {
    if (fields.includes(field)) errors[field] = message;
    else rest.push(message);
  }
  if (rest.length > 0) errors.form = rest.join(' ');
  else if (Object.keys(errors).length === 0) {
    errors.form = errorMessage(err, err.status === 429 ? t('account.texts.tooManyTries') : t('account.somethingWrong'));
  }
  return errors;
}

/**
 * A form that replaces the one just used (a code sent, a number verified or removed) takes the
 * focus on its first field, so a keyboard user goes on where they are; on the page's first load
 * nothing is focused.
 */
function useFocusFirst(focus: boolean) {
  const ref = useRef<HTMLFormElement>(null);
  const initial = useRef(focus);
  useEffect(() => {
    if (initial.current) ref.current?.querySelector<HTMLElement>('input:not([type="hidden"]):not([aria-hidden="true"]), button')?.focus();
  }, []);
  return ref;
}

function preferencesOf(texting: Texting): TextPreferences {
  const kinds = TEXT_KINDS.filter((kind) => texting.kinds.includes(kind));
  return { kinds, channel: texting.channel === 'whatsapp' ? 'whatsapp' : 'sms', timeZone: texting.timeZone };
}

function ChannelField({
  legend,
  value,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  value: TextChannel;
  onChange: (channel: TextChannel) => void;
  error?: string;
  disabled: boolean;
}) {
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled}>
      <FormLabel component="legend">{legend}</FormLabel>
      <RadioGroup row name="channel" value={value} onChange={(e) => onChange(e.target.value as TextChannel)}>
        <FormControlLabel value="sms" control={<Radio />} label={t('account.texts.channel.sms')} />
        <FormControlLabel value="whatsapp" control={<Radio />} label={t('account.texts.channel.whatsapp')} />
      </RadioGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}

/** What to text about, how, and the quiet hours' zone: the code's form and the verified number's. */
function PreferencesFields({
  value,
  onChange,
  whatsapp,
  errors,
  disabled,
}: {
  value: TextPreferences;
  onChange: (next: TextPreferences) => void;
  whatsapp: boolean;
  errors: Errors;
  disabled: boolean;
}) {
  const zones: (readonly [string, string])[] = US_ZONES.map(([zone, key]) => [zone, t(key)] as const);
  if (!US_ZONES.some(([zone]) => zone === value.timeZone)) zones.push([value.timeZone, value.timeZone]);
  const toggle = (kind: TextKind, on: boolean) =>
    onChange({ ...value, kinds: on ? [...value.kinds, kind] : value.kinds.filter((k) => k !== kind) });
  return (
    <>
      <FormControl component="fieldset" error={Boolean(errors.kinds)} disabled={disabled}>
        <FormLabel component="legend">{t('account.texts.aboutLegend')}</FormLabel>
        <FormGroup>
          {TEXT_KINDS.map((kind) => ({ kind, ...kindText(kind) })).map(({ kind, label, help }) => (
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
        {errors.kinds ? <FormHelperText>{errors.kinds}</FormHelperText> : null}
      </FormControl>
      {whatsapp ? (
        <ChannelField
          legend={t('account.texts.sendBy')}
          value={value.channel}
          onChange={(channel) => onChange({ ...value, channel })}
          error={errors.channel}
          disabled={disabled}
        />
      ) : null}
      <TextField
        select
        id="text-time-zone"
        label={t('account.texts.timeZone')}
        helperText={errors.timeZone ?? t('account.texts.quietHours')}
        error={Boolean(errors.timeZone)}
        value={value.timeZone}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, timeZone: e.target.value })}
        sx={{ maxWidth: 360 }}
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

/** No number yet, or another one: the number and how to send its code. */
function NumberForm({ texting, focus, onSent, onCancel }: { texting: Texting; focus: boolean; onSent: () => void; onCancel?: () => void }) {
  const { toast } = useToast();
  const form = useFocusFirst(focus);
  const { sendCode } = useTextingActions();
  const [phone, setPhone] = useState(() => displayPhone(texting.pendingPhone ?? texting.accountPhone));
  const phoneRef = useRef<HTMLInputElement>(null);
  const [channel, setChannel] = useState<TextChannel>(texting.whatsappAvailable ? preferencesOf(texting).channel : 'sms');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!phone.trim()) {
      setErrors({ phone: t('account.texts.phoneInvalid') });
      phoneRef.current?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const sent = await sendCode(phone, channel);
      toast({ title: t('account.texts.codeSent'), description: t('account.texts.codeSentTo', { phone: displayPhone(sent.pendingPhone) }) });
      onSent();
    } catch (err) {
      const next = errorsOf(err, ['phone', 'channel']);
      setErrors(next);
      if (next.phone) phoneRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }
  return (
    <Box ref={form} component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      <TextField
        id="text-phone"
        name="phone"
        label={t('account.texts.mobile')}
        type="tel"
        autoComplete="tel-national"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={Boolean(errors.phone)}
        helperText={errors.phone ?? t('account.texts.mobileHelp')}
        inputRef={phoneRef}
        required
      />
      {texting.whatsappAvailable ? (
        <ChannelField legend={t('account.texts.sendCodeBy')} value={channel} onChange={setChannel} error={errors.channel} disabled={busy} />
      ) : null}
      {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('account.sending') : t('account.texts.sendCode')}
        </Button>
        {onCancel ? (
          <Button onClick={onCancel} disabled={busy}>
            {t('account.cancel')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

/** A code was texted: the code, what to text about (the consent) and the zone. */
function CodeForm({
  texting,
  focus,
  onVerified,
  onChangeNumber,
  onKeepCurrent,
}: {
  texting: Texting;
  focus: boolean;
  onVerified: () => void;
  onChangeNumber: () => void;
  onKeepCurrent?: () => void;
}) {
  const { toast } = useToast();
  const form = useFocusFirst(focus);
  const { sendCode, verify } = useTextingActions();
  const { templeName } = useAppConfig();
  const [code, setCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const [preferences, setPreferences] = useState<TextPreferences>(() => preferencesOf(texting));
  const [errors, setErrors] = useState<Errors>({});
  // What is under way: the code checked, or a new one sent.
  const [working, setWorking] = useState<'verify' | 'resend' | null>(null);
  const busy = working !== null;
  const pending = displayPhone(texting.pendingPhone);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setErrors({ code: t('account.texts.codeInvalid') });
      codeRef.current?.focus();
      return;
    }
    setWorking('verify');
    setErrors({});
    try {
      await verify(code, preferences);
      toast({ title: t('account.texts.verified'), description: t('account.texts.textsGoTo', { phone: pending }) });
      onVerified();
    } catch (err) {
      const next = errorsOf(err, ['code', 'kinds', 'channel', 'timeZone']);
      setErrors(next);
      if (next.code) codeRef.current?.focus();
    } finally {
      setWorking(null);
    }
  }
  async function resend() {
    setWorking('resend');
    setErrors({});
    try {
      await sendCode(texting.pendingPhone ?? '', preferencesOf(texting).channel);
      setCode('');
      toast({ title: t('account.texts.newCodeSent'), description: t('account.texts.newCodeSentTo', { phone: pending }) });
      codeRef.current?.focus();
    } catch (err) {
      const { phone, channel, ...rest } = errorsOf(err, ['phone', 'channel']);
      setErrors({ ...rest, ...(phone || channel ? { form: [phone, channel, rest.form].filter(Boolean).join(' ') } : {}) });
    } finally {
      setWorking(null);
    }
  }
  return (
    <Box ref={form} component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      <Typography>{t.rich('account.texts.codeIntro', { phone: pending, b: (chunks) => <strong>{chunks}</strong> })}</Typography>
      {texting.phone ? (
        <Typography variant="body2" color="text.secondary">
          {t('account.texts.untilVerified', { phone: displayPhone(texting.phone) })}
        </Typography>
      ) : null}
      <TextField
        id="text-code"
        name="code"
        label={t('account.texts.code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 } }}
        error={Boolean(errors.code)}
        helperText={errors.code ?? t('account.texts.codeHelp')}
        inputRef={codeRef}
        required
        sx={{ maxWidth: 280 }}
      />
      <PreferencesFields value={preferences} onChange={setPreferences} whatsapp={texting.whatsappAvailable} errors={errors} disabled={busy} />
      {/* The consent is agreed to in English, as written (docs/glossary.md); another language's page shows its translation below it. */}
      <Typography variant="body2" color="text.secondary" lang="en">
        {consentText(templeName)}
      </Typography>
      {currentLanguage() === 'en' ? null : (
        <Typography variant="body2" color="text.secondary">
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t('account.texts.consentTranslationLabel')}
          </Box>{' '}
          {t('account.texts.consentTranslation', { temple: templeName })}
        </Typography>
      )}
      {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {working === 'verify' ? t('account.texts.verifying') : t('account.texts.verify')}
        </Button>
        <Button variant="outlined" onClick={() => void resend()} disabled={busy}>
          {working === 'resend' ? t('account.sending') : t('account.texts.sendNewCode')}
        </Button>
        <Button onClick={onChangeNumber} disabled={busy}>
          {t('account.texts.useAnother')}
        </Button>
        {onKeepCurrent ? (
          <Button onClick={onKeepCurrent} disabled={busy}>
            {t('account.texts.keep', { phone: displayPhone(texting.phone) })}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

/** A verified number: what is texted and the zone change; the number may be removed (asked twice). */
function VerifiedForm({
  texting,
  focus,
  onRemoved,
  onChangeNumber,
}: {
  texting: Texting;
  focus: boolean;
  onRemoved: () => void;
  onChangeNumber: () => void;
}) {
  const { toast } = useToast();
  const form = useFocusFirst(focus);
  const { update, remove } = useTextingActions();
  const [preferences, setPreferences] = useState<TextPreferences>(() => preferencesOf(texting));
  const [errors, setErrors] = useState<Errors>({});
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [busy, setBusy] = useState(false);
  const phone = displayPhone(texting.phone);
  // The button pressed goes away: focus moves to the question's safe answer, and back.
  const keepRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirmRemove) keepRef.current?.focus();
    else if (asked.current) removeRef.current?.focus();
    asked.current ||= confirmRemove;
  }, [confirmRemove]);
  async function run(action: () => Promise<unknown>, done: string, then?: () => void) {
    setBusy(true);
    setErrors({});
    try {
      await action();
      toast({ title: done });
      then?.();
    } catch (err) {
      setErrors(errorsOf(err, ['kinds', 'channel', 'timeZone']));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Box
      ref={form}
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => update(preferences), t('account.texts.saved'));
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 560 }}
    >
      <Typography>{t.rich('account.texts.goTo', { phone, b: (chunks) => <strong>{chunks}</strong> })}</Typography>
      {texting.optedOut ? (
        <Alert severity="warning">{t('account.texts.optedOut')}</Alert>
      ) : null}
      <PreferencesFields value={preferences} onChange={setPreferences} whatsapp={texting.whatsappAvailable} errors={errors} disabled={busy} />
      {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('account.saving') : t('account.save')}
        </Button>
        <Button onClick={onChangeNumber} disabled={busy}>
          {t('account.texts.useAnother')}
        </Button>
        {confirmRemove ? null : (
          <Button ref={removeRef} color="error" onClick={() => setConfirmRemove(true)} disabled={busy}>
            {t('account.texts.removeNumber')}
          </Button>
        )}
      </Box>
      {confirmRemove ? (
        <Alert severity="warning">
          {t('account.texts.removeConfirm', { phone })}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
            <Button color="error" variant="contained" size="small" disabled={busy} onClick={() => void run(remove, t('account.texts.removed'), onRemoved)}>
              {t('account.texts.remove')}
            </Button>
            <Button ref={keepRef} color="inherit" size="small" disabled={busy} onClick={() => setConfirmRemove(false)}>
              {t('account.texts.keepIt')}
            </Button>
          </Box>
        </Alert>
      ) : null}
    </Box>
  );
}

/**
 * Which form shows: the one the data calls for ('auto'), the number form (another number), or the
 * verified number's while a code for a new one waits ('current').
 */
type View = 'auto' | 'number' | 'current';

/** Account Settings' Text messages: a verified US mobile number and what may be texted to it (ADR 0148). */
export function TextMessagesSection() {
  const { texting, error, isLoading, retry } = useTexting();
  const [view, setView] = useState<View>('auto');
  // Once the member works in the card, a form that replaces another takes the focus.
  const [moved, setMoved] = useState(false);
  const go = (next: View) => setView(next);
  const done = () => go('auto');
  let body;
  if (error) {
    body = <RetryAlert onRetry={retry}>{t('account.texts.loadFailed')}</RetryAlert>;
  } else if (isLoading || !texting) {
    body = (
      <LoadingRegion label={t('account.texts.loading')} sx={{ display: 'grid', gap: 1 }}>
        <Skeleton variant="rounded" height={56} sx={{ maxWidth: 420 }} />
        <Skeleton variant="rounded" height={36} width={120} />
      </LoadingRegion>
    );
  } else if (!texting.available) {
    body = <Typography color="text.secondary">{t('account.texts.unavailable')}</Typography>;
  } else if (view === 'number') {
    body = <NumberForm texting={texting} focus={moved} onSent={done} onCancel={texting.phone || texting.pendingPhone ? done : undefined} />;
  } else if (texting.pendingPhone && !(view === 'current' && texting.phone)) {
    body = (
      <CodeForm
        key={texting.pendingPhone}
        texting={texting}
        focus={moved}
        onVerified={done}
        onChangeNumber={() => go('number')}
        onKeepCurrent={texting.phone ? () => go('current') : undefined}
      />
    );
  } else if (texting.phone) {
    body = <VerifiedForm key={texting.phone} texting={texting} focus={moved} onRemoved={done} onChangeNumber={() => go('number')} />;
  } else {
    body = <NumberForm texting={texting} focus={moved} onSent={done} />;
  }
  return (
    <Box component="section" aria-labelledby="texts-heading" onFocus={() => setMoved(true)} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="texts-heading" component="h2" variant="h6">
        {t('account.texts.title')}
      </Typography>
      {texting?.available === false ? null : (
        <Typography color="text.secondary">
          {t('account.texts.intro')}
        </Typography>
      )}
      {body}
    </Box>
  );
}
