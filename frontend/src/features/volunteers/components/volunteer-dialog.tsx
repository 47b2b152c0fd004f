import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { EmailNotVerifiedAlert } from '@/components/email-not-verified-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { isEmailNotVerified } from '@/lib/email-verification';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { Availability, ContactPreference, Event, Volunteer, VolunteerPreference } from '@/types/api';
import { useCancelVolunteer, useCreateVolunteer, useMyVolunteer } from '../api/volunteers';
import { t } from '../i18n';
import { availabilityLabel, contactPreferenceLabel, volunteerPreferenceLabel } from '../labels';
import {
  availabilities,
  contactPreferences,
  volunteerFieldLabel,
  volunteerPreferences,
  volunteerSchema,
  type VolunteerValues,
} from '../schemas';

export type VolunteerDialogProps = {
  open: boolean;
  onClose: () => void;
  event: Pick<Event, 'id' | 'name'>;
};

function Intro({ event, onStart, onClose }: { event: Pick<Event, 'name'>; onStart: () => void; onClose: () => void }) {
  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('volunteers.intro.text', { name: event.name })}
        </DialogContentText>
        <List dense disablePadding>
          {volunteerPreferences
            .filter((p) => p !== 'any')
            .map((p) => (
              <ListItem key={p} disableGutters>
                <ListItemText primary={volunteerPreferenceLabel(p)} />
              </ListItem>
            ))}
        </List>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('volunteers.intro.certificate')}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('volunteers.cancel')}</Button>
        <Button variant="contained" onClick={onStart}>
          {t('volunteers.intro.start')}
        </Button>
      </DialogActions>
    </>
  );
}

function Existing({ event, volunteer, onClose }: { event: Pick<Event, 'id' | 'name'>; volunteer: Volunteer; onClose: () => void }) {
  const { toast } = useToast();
  const cancelVolunteer = useCancelVolunteer();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function cancel() {
    setBusy(true);
    try {
      await cancelVolunteer(event.id, volunteer.id);
      toast({ title: t('volunteers.cancelled'), description: t('volunteers.cancelledText', { name: event.name }) });
      onClose();
    } catch (err) {
      console.error('Cancel volunteering failed', err);
      toast({ title: t('volunteers.error'), description: t('volunteers.cancelFailed'), variant: 'destructive' });
      setBusy(false);
    }
  }

  const rows: [string, ReactNode][] = [
    [t('volunteers.field.name'), volunteer.name],
    [t('volunteers.existing.phone'), volunteer.contactNumber],
    [t('volunteers.existing.email'), volunteer.contactEmail],
    [t('volunteers.field.contactPreference'), contactPreferenceLabel(volunteer.contactPreference)],
    [t('volunteers.existing.role'), volunteerPreferenceLabel(volunteer.volunteerPreference)],
    [t('volunteers.field.availability'), availabilityLabel(volunteer.availability)],
    [t('volunteers.existing.certificate'), volunteer.needsCertificate ? t('volunteers.existing.requested') : t('volunteers.existing.notNeeded')],
  ];
  return (
    <>
      <DialogContent>
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('volunteers.existing.thanks')}
        </Alert>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
          {rows.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {k}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 500, wordBreak: 'break-word' }}>
                {v}
              </Typography>
            </Box>
          ))}
        </Box>
        {volunteer.additionalNotes ? (
          <Typography variant="body2" sx={{ mt: 2, whiteSpace: 'pre-line' }}>
            {volunteer.additionalNotes}
          </Typography>
        ) : null}
        {confirming ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('volunteers.existing.confirmCancel', { name: event.name })}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {confirming ? (
          <>
            <Button onClick={() => setConfirming(false)} disabled={busy}>
              {t('volunteers.keepVolunteering')}
            </Button>
            <Button color="error" variant="contained" onClick={() => void cancel()} disabled={busy}>
              {busy ? t('volunteers.existing.cancelling') : t('volunteers.existing.yesCancel')}
            </Button>
          </>
        ) : (
          <>
            <Button color="error" onClick={() => setConfirming(true)}>
              {t('volunteers.existing.cancelVolunteering')}
            </Button>
            <Button variant="contained" onClick={onClose}>
              {t('volunteers.close')}
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}

function VolunteerForm({ event, onBack, onDone }: { event: Pick<Event, 'id' | 'name'>; onBack: () => void; onDone: () => void }) {
  const { user } = useAuth();
  const { toast } = useToast();
  const createVolunteer = useCreateVolunteer();
  const [notVerified, setNotVerified] = useState<string | null>(null);
  const formik = useFormikValidatedOnSubmit<VolunteerValues>({
    initialValues: {
      eventId: event.id,
      name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
      contactNumber: user?.phoneNumber ?? '',
      contactEmail: user?.email ?? '',
      contactPreference: '',
      volunteerPreference: '',
      availability: '',
      needsCertificate: false,
      additionalNotes: '',
    },
    validationSchema: volunteerSchema,
    onSubmit: async (values) => {
      setNotVerified(null);
      try {
        await createVolunteer({
          eventId: values.eventId,
          name: values.name.trim(),
          contactNumber: values.contactNumber.trim(),
          contactEmail: values.contactEmail.trim(),
          contactPreference: values.contactPreference as ContactPreference,
          volunteerPreference: values.volunteerPreference as VolunteerPreference,
          availability: values.availability as Availability,
          needsCertificate: values.needsCertificate,
          additionalNotes: values.additionalNotes.trim() || null,
        });
        toast({ title: t('volunteers.form.thanks'), description: t('volunteers.form.thanksText', { name: event.name }) });
        onDone();
      } catch (err) {
        if (isEmailNotVerified(err)) {
          setNotVerified(errorMessage(err, t('volunteers.form.verifyFirst')));
          return;
        }
        console.error('Volunteer registration failed', err);
        toast({ title: t('volunteers.error'), description: t('volunteers.form.failed'), variant: 'destructive' });
      }
    },
  });

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const errors = await formik.validateForm();
    const fields = Object.keys(errors) as (keyof VolunteerValues)[];
    if (fields.length > 0) {
      toast({
        title: t('volunteers.form.fixErrors'),
        description: t('volunteers.form.checkFields', { fields: fields.map(volunteerFieldLabel).join(', ') }),
        variant: 'destructive',
      });
    }
    await formik.submitForm();
  }

  const select = (name: keyof VolunteerValues, options: readonly string[], labelOf: (option: string) => string) => (
    <TextField {...textFieldProps(formik, name)} select label={volunteerFieldLabel(name)} required fullWidth>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {labelOf(o)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => void handleSubmit(e)}>
      <DialogContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: '8px !important' }}>
        {notVerified ? (
          <EmailNotVerifiedAlert sx={{ gridColumn: '1 / -1' }}>{notVerified}</EmailNotVerifiedAlert>
        ) : null}
        <TextField {...textFieldProps(formik, 'name')} label={volunteerFieldLabel('name')} required fullWidth autoComplete="name" sx={{ gridColumn: { sm: '1 / -1' } }} />
        <TextField {...textFieldProps(formik, 'contactNumber')} label={volunteerFieldLabel('contactNumber')} type="tel" required fullWidth autoComplete="tel" />
        <TextField {...textFieldProps(formik, 'contactEmail')} label={volunteerFieldLabel('contactEmail')} type="email" required fullWidth autoComplete="email" />
        {select('contactPreference', contactPreferences, contactPreferenceLabel)}
        {select('availability', availabilities, availabilityLabel)}
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          {select('volunteerPreference', volunteerPreferences, volunteerPreferenceLabel)}
        </Box>
        <FormControlLabel
          sx={{ gridColumn: { sm: '1 / -1' } }}
          control={
            <Checkbox
              name="needsCertificate"
              checked={formik.values.needsCertificate}
              onChange={formik.handleChange}
            />
          }
          label={t('volunteers.form.certificate')}
        />
        <TextField
          {...textFieldProps(formik, 'additionalNotes')}
          label={volunteerFieldLabel('additionalNotes')}
          multiline
          minRows={2}
          fullWidth
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button startIcon={<ArrowBack />} onClick={onBack} disabled={formik.isSubmitting}>
          {t('volunteers.form.back')}
        </Button>
        <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? t('volunteers.form.submitting') : t('volunteers.form.submit')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Volunteer dialog: intro, then the form (Back returns), or the member's volunteer record with a cancel option. */
export function VolunteerDialog({ open, onClose, event }: VolunteerDialogProps) {
  const titleId = useId();
  const { volunteer, isLoading, error } = useMyVolunteer(event.id, open);
  const [step, setStep] = useState<'intro' | 'form'>('intro');

  let title = t('volunteers.dialog.title');
  let body: ReactNode;
  if (isLoading) {
    body = (
      <DialogContent sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('volunteers.dialog.loading')} />
      </DialogContent>
    );
  } else if (volunteer) {
    title = t('volunteers.dialog.manageTitle');
    body = <Existing event={event} volunteer={volunteer} onClose={onClose} />;
  } else if (step === 'form') {
    body = <VolunteerForm event={event} onBack={() => setStep('intro')} onDone={onClose} />;
  } else {
    body = (
      <>
        {error ? (
          <Alert severity="warning" sx={{ mx: 3 }}>
            {t('volunteers.dialog.statusError')}
          </Alert>
        ) : null}
        <Intro event={event} onStart={() => setStep('form')} onClose={onClose} />
      </>
    );
  }

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} scroll="body">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {body}
    </Dialog>
  );
}
