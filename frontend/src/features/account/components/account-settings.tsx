import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { User } from '@/types/api';
import { downloadMyData } from '../api/account-data';
import { useAccountSettings, useSetReminders } from '../api/account-settings';
import { useNewCalendarFeed, useStopCalendarFeed } from '../api/calendar-feed';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';
import { changeEmailSchema, changePasswordSchema, type ChangeEmailValues, type ChangePasswordValues } from '../schemas';
import { DeleteAccountDialog } from './delete-account-dialog';
import { TextMessagesSection } from './text-messages-section';
import { LoadingRegion } from '@/components/ui/loading-region';
import { formatDate } from '@/lib/format';
import MenuItem from '@mui/material/MenuItem';
import { chooseLanguage } from '@/i18n/choose';
import { LANGUAGES, isLanguage } from '@/i18n/languages';
import { currentLanguage } from '@/i18n/runtime';
import { t } from '../i18n';

function Section({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`${id}-heading`} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={`${id}-heading`} component="h2" variant="h6">
        {title}
      </Typography>
      {description ? <Typography color="text.secondary">{description}</Typography> : null}
      {children}
    </Box>
  );
}

/** The answer of the confirmation link (`?emailChanged=1|0|taken`), shown once on the page. */
const EMAIL_CHANGED: Record<string, { severity: 'success' | 'error'; text: 'confirmed' | 'invalid' | 'taken' }> = {
  '1': { severity: 'success', text: 'confirmed' },
  '0': { severity: 'error', text: 'invalid' },
  taken: { severity: 'error', text: 'taken' },
};

/** The language of the site, the member's e-mails and texts (ADR 0149): kept on the account; the page reloads in it. */
function LanguageSection() {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  async function change(code: string) {
    if (!isLanguage(code) || code === currentLanguage()) return;
    setBusy(true);
    try {
      await chooseLanguage(code, true);
    } catch (err) {
      setBusy(false);
      toast({ title: t('account.language.failed'), description: errorMessage(err, t('account.somethingWrong')), variant: 'destructive' });
    }
  }
  return (
    <Section id="language" title={t('account.language.title')} description={t('account.language.description')}>
      <TextField
        select
        label={t('account.language.label')}
        value={currentLanguage()}
        disabled={busy}
        helperText={busy ? t('account.language.changing') : undefined}
        onChange={(e) => void change(e.target.value)}
        sx={{ maxWidth: 320 }}
      >
        {LANGUAGES.map((l) => (
          <MenuItem key={l.code} value={l.code} lang={l.code}>
            {l.native}
          </MenuItem>
        ))}
      </TextField>
    </Section>
  );
}

function PasswordSection() {
  const { toast } = useToast();
  const changePassword = useChangePassword();
  const formik = useFormikValidatedOnSubmit<ChangePasswordValues>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validationSchema: changePasswordSchema,
    onSubmit: async (values, helpers) => {
      try {
        await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
        helpers.resetForm();
        toast({ title: t('account.password.changed'), description: t('account.password.changedDescription') });
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        toast({ title: t('account.password.notChanged'), description: errorMessage(err, t('account.somethingWrong')), variant: 'destructive' });
      }
    },
  });
  return (
    <Section id="password" title={t('account.password.title')} description={t('account.password.description')}>
      <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
        <TextField {...textFieldProps(formik, 'currentPassword')} label={t('account.currentPassword')} type="password" autoComplete="current-password" required />
        <TextField {...textFieldProps(formik, 'newPassword')} label={t('account.password.new')} type="password" autoComplete="new-password" required />
        <TextField {...textFieldProps(formik, 'confirmPassword')} label={t('account.password.confirm')} type="password" autoComplete="new-password" required />
        <Box>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? t('account.password.changing') : t('account.password.title')}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}

function EmailSection({ user, pendingEmail }: { user: User; pendingEmail: string | null }) {
  const { toast } = useToast();
  const changeEmail = useChangeEmail();
  const formik = useFormikValidatedOnSubmit<ChangeEmailValues>({
    initialValues: { newEmail: '', currentPassword: '' },
    validationSchema: changeEmailSchema,
    onSubmit: async (values, helpers) => {
      try {
        const { message } = await changeEmail({ newEmail: values.newEmail.trim(), currentPassword: values.currentPassword });
        helpers.resetForm();
        toast({ title: t('account.email.checkInbox'), description: message });
      } catch (err) {
        if (err instanceof ApiError) {
          helpers.setErrors(err.status === 409 ? { newEmail: errorMessage(err, t('account.email.taken')) } : err.fieldErrors);
        }
        toast({ title: t('account.email.notChanged'), description: errorMessage(err, t('account.somethingWrong')), variant: 'destructive' });
      }
    },
  });
  return (
    <Section
      id="email"
      title={t('account.email.title')}
      description={t.rich('account.email.description', { email: user.email, b: (chunks) => <strong>{chunks}</strong> })}
    >
      {pendingEmail ? (
        <Alert severity="info">{t.rich('account.email.pending', { email: pendingEmail, b: (chunks) => <strong>{chunks}</strong> })}</Alert>
      ) : null}
      {/* The server refuses an unverified account's change (403): it would send mail on its behalf. */}
      {!user.emailVerified ? (
        <Alert severity="info">{t.rich('account.email.unverified', { email: user.email, b: (chunks) => <strong>{chunks}</strong> })}</Alert>
      ) : (
        <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
          <TextField {...textFieldProps(formik, 'newEmail')} label={t('account.email.new')} type="email" autoComplete="email" required />
          <TextField
            {...textFieldProps(formik, 'currentPassword')}
            id="emailCurrentPassword"
            label={t('account.currentPassword')}
            type="password"
            autoComplete="current-password"
            required
          />
          <Box>
            <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
              {formik.isSubmitting ? t('account.sending') : t('account.email.submit')}
            </Button>
          </Box>
        </Box>
      )}
    </Section>
  );
}

function RemindersSection({ enabled }: { enabled: boolean }) {
  const { toast } = useToast();
  const setReminders = useSetReminders();
  const [busy, setBusy] = useState(false);
  async function toggle(next: boolean) {
    setBusy(true);
    try {
      await setReminders(next);
      toast({ title: next ? t('account.reminders.on') : t('account.reminders.off') });
    } catch (err) {
      toast({ title: t('account.notSaved'), description: errorMessage(err, t('account.somethingWrong')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Section id="reminders" title={t('account.reminders.title')}>
      <FormControlLabel
        control={<Switch checked={enabled} disabled={busy} onChange={(e) => void toggle(e.target.checked)} />}
        label={t('account.reminders.label')}
      />
    </Section>
  );
}

function CalendarFeedSection({ since }: { since: string | null }) {
  const { toast } = useToast();
  const newFeed = useNewCalendarFeed();
  const stopFeed = useStopCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      toast({ title: t('account.calendar.notChanged'), description: errorMessage(err, t('account.somethingWrong')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('account.calendar.copied') });
    } catch {
      window.prompt(t('account.calendar.copyPrompt'), text);
    }
  }
  const active = url !== null || since !== null;
  return (
    <Section
      id="calendar-feed"
      title={t('account.calendar.title')}
      description={t('account.calendar.description')}
    >
      {url ? (
        <TextField
          label={t('account.calendar.linkLabel')}
          value={url}
          fullWidth
          slotProps={{
            input: {
              readOnly: true,
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label={t('account.calendar.copy')} onClick={() => void copy(url)} edge="end">
                    <ContentCopyOutlined />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      ) : since ? (
        <Typography color="text.secondary">{t('account.calendar.active', { date: formatDate(since) })}</Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" disabled={busy} onClick={() => void run(async () => setUrl((await newFeed()).url))}>
          {active ? t('account.calendar.makeNew') : t('account.calendar.make')}
        </Button>
        {active ? (
          <Button
            color="error"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await stopFeed();
                setUrl(null);
                toast({ title: t('account.calendar.turnedOff') });
              })
            }
          >
            {t('account.calendar.turnOff')}
          </Button>
        ) : null}
      </Box>
    </Section>
  );
}

function DataSection() {
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadMyData();
    } catch (err) {
      toast({ title: t('account.data.failed'), description: errorMessage(err, t('account.somethingWrong')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Section id="my-data" title={t('account.data.title')} description={t('account.data.description')}>
      <Box>
        <Button variant="outlined" startIcon={<DownloadOutlined />} disabled={busy} onClick={() => void download()}>
          {busy ? t('account.data.preparing') : t('account.data.download')}
        </Button>
      </Box>
    </Section>
  );
}

function DeleteSection() {
  const [open, setOpen] = useState(false);
  return (
    <Section
      id="delete-account"
      title={t('account.delete.title')}
      description={t('account.delete.description')}
    >
      <Box>
        <Button variant="outlined" color="error" startIcon={<DeleteForeverOutlined />} onClick={() => setOpen(true)}>
          {t('account.delete.title')}
        </Button>
      </Box>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </Section>
  );
}

/** Account Settings: password, email, reminders, calendar link, my data, account deletion. */
export function AccountSettings({ user, emailChanged, after }: { user: User; emailChanged?: string | null; after?: ReactNode }) {
  const { settings, error, isLoading, retry } = useAccountSettings();
  const notice = emailChanged ? EMAIL_CHANGED[emailChanged] : undefined;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {notice ? <Alert severity={notice.severity}>{t(`account.emailChanged.${notice.text}`)}</Alert> : null}
      <LanguageSection />
      <Divider />
      <PasswordSection />
      <Divider />
      {error ? (
        <RetryAlert onRetry={retry}>{t('account.settings.loadFailed')}</RetryAlert>
      ) : isLoading || !settings ? (
        <LoadingRegion label={t('account.settings.loading')} sx={{ display: 'grid', gap: 1 }}>
          <Skeleton variant="text" width="40%" />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </LoadingRegion>
      ) : (
        <>
          <EmailSection user={user} pendingEmail={settings.pendingEmail} />
          <Divider />
          <RemindersSection enabled={settings.remindersEnabled} />
          <Divider />
          <TextMessagesSection />
          <Divider />
          <CalendarFeedSection since={settings.calendarFeedSince} />
        </>
      )}
      <Divider />
      <DataSection />
      <Divider />
      {after}
      {after ? <Divider /> : null}
      <DeleteSection />
    </Box>
  );
}
