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
const EMAIL_CHANGED: Record<string, { severity: 'success' | 'error'; text: string }> = {
  '1': { severity: 'success', text: 'Your new email address is confirmed and is now the one you sign in with.' },
  '0': { severity: 'error', text: 'This confirmation link is invalid or has expired. Please ask for a new one.' },
  taken: { severity: 'error', text: 'Another account uses this address now, so it could not become yours.' },
};

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
        toast({ title: 'Password changed', description: 'You were signed out on every other device.' });
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        toast({ title: 'Password not changed', description: errorMessage(err, 'Something went wrong. Please try again.'), variant: 'destructive' });
      }
    },
  });
  return (
    <Section id="password" title="Change password" description="Your other sessions end when the password changes; this one stays signed in.">
      <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
        <TextField {...textFieldProps(formik, 'currentPassword')} label="Current password" type="password" autoComplete="current-password" required />
        <TextField {...textFieldProps(formik, 'newPassword')} label="New password" type="password" autoComplete="new-password" required />
        <TextField {...textFieldProps(formik, 'confirmPassword')} label="Confirm new password" type="password" autoComplete="new-password" required />
        <Box>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? 'Changing...' : 'Change password'}
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
        toast({ title: 'Check your new inbox', description: message });
      } catch (err) {
        if (err instanceof ApiError) {
          helpers.setErrors(err.status === 409 ? { newEmail: errorMessage(err, 'This address is taken') } : err.fieldErrors);
        }
        toast({ title: 'Email not changed', description: errorMessage(err, 'Something went wrong. Please try again.'), variant: 'destructive' });
      }
    },
  });
  return (
    <Section
      id="email"
      title="Change email"
      description={
        <>
          You sign in with <strong>{user.email}</strong>. The new address must be confirmed from a link we send to it; we also tell your
          current address.
        </>
      }
    >
      {pendingEmail ? (
        <Alert severity="info">
          Waiting for <strong>{pendingEmail}</strong> to be confirmed: open the link we sent there.
        </Alert>
      ) : null}
      {/* The server refuses an unverified account's change (403): it would send mail on its behalf. */}
      {!user.emailVerified ? (
        <Alert severity="info">
          Confirm <strong>{user.email}</strong> first, with the link we sent there; then you can move your account to a new address.
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
          <TextField {...textFieldProps(formik, 'newEmail')} label="New email" type="email" autoComplete="email" required />
          <TextField
            {...textFieldProps(formik, 'currentPassword')}
            id="emailCurrentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
          />
          <Box>
            <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
              {formik.isSubmitting ? 'Sending...' : 'Send confirmation link'}
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
      toast({ title: next ? 'Reminders on' : 'Reminders off' });
    } catch (err) {
      toast({ title: 'Not saved', description: errorMessage(err, 'Something went wrong. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Section id="reminders" title="Reminders">
      <FormControlLabel
        control={<Switch checked={enabled} disabled={busy} onChange={(e) => void toggle(e.target.checked)} />}
        label="Email me a reminder the day before each event I registered for"
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
      toast({ title: 'Calendar link not changed', description: errorMessage(err, 'Something went wrong. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Link copied' });
    } catch {
      window.prompt('Copy this calendar link:', text);
    }
  }
  const active = url !== null || since !== null;
  return (
    <Section
      id="calendar-feed"
      title="My calendar link"
      description="Subscribe to this link in Google Calendar, Apple Calendar or Outlook to see the events you registered for. Keep it private: anyone with the link sees them. Changing your password or signing out everywhere ends the link; make a new one afterwards."
    >
      {url ? (
        <TextField
          label="Calendar link (shown once)"
          value={url}
          fullWidth
          slotProps={{
            input: {
              readOnly: true,
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton aria-label="Copy the calendar link" onClick={() => void copy(url)} edge="end">
                    <ContentCopyOutlined />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      ) : since ? (
        <Typography color="text.secondary">
          A link made on {new Date(since).toLocaleDateString()} is active. For your privacy it is shown only when made: make a new one to see it
          (the old one stops working).
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" disabled={busy} onClick={() => void run(async () => setUrl((await newFeed()).url))}>
          {active ? 'Make a new link' : 'Make my calendar link'}
        </Button>
        {active ? (
          <Button
            color="error"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await stopFeed();
                setUrl(null);
                toast({ title: 'Calendar link turned off' });
              })
            }
          >
            Turn off
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
      toast({ title: 'Download failed', description: errorMessage(err, 'Something went wrong. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Section id="my-data" title="My data" description="Your profile, settings, registrations, volunteering and donations, as a JSON file.">
      <Box>
        <Button variant="outlined" startIcon={<DownloadOutlined />} disabled={busy} onClick={() => void download()}>
          {busy ? 'Preparing...' : 'Download my data'}
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
      title="Delete my account"
      description="Your registrations and volunteer sign-ups are removed. Donations stay in the temple's records with the name and address you gave, as the law requires for receipts."
    >
      <Box>
        <Button variant="outlined" color="error" startIcon={<DeleteForeverOutlined />} onClick={() => setOpen(true)}>
          Delete my account
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
      {notice ? <Alert severity={notice.severity}>{notice.text}</Alert> : null}
      <PasswordSection />
      <Divider />
      {error ? (
        <RetryAlert onRetry={retry}>Your settings could not be loaded.</RetryAlert>
      ) : isLoading || !settings ? (
        <LoadingRegion label="Loading your settings" sx={{ display: 'grid', gap: 1 }}>
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
