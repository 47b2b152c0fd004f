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
import {
  availabilityLabels,
  contactPreferenceLabels,
  labelOf,
  volunteerPreferenceLabels,
} from '@/lib/volunteer-labels';
import type { Availability, ContactPreference, Event, Volunteer, VolunteerPreference } from '@/types/api';
import { useCancelVolunteer, useCreateVolunteer, useMyVolunteer } from '../api/volunteers';
import {
  availabilities,
  contactPreferences,
  volunteerFieldLabels,
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
          Volunteers make {event.name} possible. Choose where you would like to help and when you are available; the
          coordinators will contact you the way you prefer.
        </DialogContentText>
        <List dense disablePadding>
          {volunteerPreferences
            .filter((p) => p !== 'any')
            .map((p) => (
              <ListItem key={p} disableGutters>
                <ListItemText primary={labelOf(volunteerPreferenceLabels, p)} />
              </ListItem>
            ))}
        </List>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Students can ask for a volunteer certificate.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={onStart}>
          Sign Up to Volunteer
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
      toast({ title: 'Volunteer registration cancelled', description: `You are no longer volunteering for ${event.name}.` });
      onClose();
    } catch (err) {
      console.error('Cancel volunteering failed', err);
      toast({ title: 'Error', description: 'Failed to cancel volunteer registration. Please try again.', variant: 'destructive' });
      setBusy(false);
    }
  }

  const rows: [string, ReactNode][] = [
    ['Name', volunteer.name],
    ['Phone', volunteer.contactNumber],
    ['Email', volunteer.contactEmail],
    ['Contact preference', labelOf(contactPreferenceLabels, volunteer.contactPreference)],
    ['Role', labelOf(volunteerPreferenceLabels, volunteer.volunteerPreference)],
    ['Availability', labelOf(availabilityLabels, volunteer.availability)],
    ['Certificate', volunteer.needsCertificate ? 'Requested' : 'Not needed'],
  ];
  return (
    <>
      <DialogContent>
        <Alert severity="success" sx={{ mb: 2 }}>
          You are volunteering for this event. Thank you!
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
            Cancel your volunteer registration for {event.name}?
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {confirming ? (
          <>
            <Button onClick={() => setConfirming(false)} disabled={busy}>
              Keep Volunteering
            </Button>
            <Button color="error" variant="contained" onClick={() => void cancel()} disabled={busy}>
              {busy ? 'Cancelling...' : 'Yes, Cancel'}
            </Button>
          </>
        ) : (
          <>
            <Button color="error" onClick={() => setConfirming(true)}>
              Cancel Volunteering
            </Button>
            <Button variant="contained" onClick={onClose}>
              Close
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
        toast({ title: 'Thank you for volunteering!', description: `You are signed up to volunteer for ${event.name}.` });
        onDone();
      } catch (err) {
        if (isEmailNotVerified(err)) {
          setNotVerified(errorMessage(err, 'Please verify your email before volunteering.'));
          return;
        }
        console.error('Volunteer registration failed', err);
        toast({ title: 'Error', description: 'Failed to register as volunteer. Please try again.', variant: 'destructive' });
      }
    },
  });

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const errors = await formik.validateForm();
    const fields = Object.keys(errors) as (keyof VolunteerValues)[];
    if (fields.length > 0) {
      toast({
        title: 'Please fix form errors',
        description: `Check these fields: ${fields.map((f) => volunteerFieldLabels[f]).join(', ')}`,
        variant: 'destructive',
      });
    }
    await formik.submitForm();
  }

  const select = (name: keyof VolunteerValues, label: string, options: readonly string[], labels: Record<string, string>) => (
    <TextField {...textFieldProps(formik, name)} select label={label} required fullWidth>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {labels[o]}
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
        <TextField {...textFieldProps(formik, 'name')} label="Name" required fullWidth autoComplete="name" sx={{ gridColumn: { sm: '1 / -1' } }} />
        <TextField {...textFieldProps(formik, 'contactNumber')} label="Contact number" type="tel" required fullWidth autoComplete="tel" />
        <TextField {...textFieldProps(formik, 'contactEmail')} label="Contact email" type="email" required fullWidth autoComplete="email" />
        {select('contactPreference', 'Contact preference', contactPreferences, contactPreferenceLabels)}
        {select('availability', 'Availability', availabilities, availabilityLabels)}
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          {select('volunteerPreference', 'Volunteer preference', volunteerPreferences, volunteerPreferenceLabels)}
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
          label="I need a volunteer certificate"
        />
        <TextField
          {...textFieldProps(formik, 'additionalNotes')}
          label="Additional notes"
          multiline
          minRows={2}
          fullWidth
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button startIcon={<ArrowBack />} onClick={onBack} disabled={formik.isSubmitting}>
          Back
        </Button>
        <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? 'Submitting...' : 'Submit'}
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

  let title = 'Volunteer for Event';
  let body: ReactNode;
  if (isLoading) {
    body = (
      <DialogContent sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading your volunteer status" />
      </DialogContent>
    );
  } else if (volunteer) {
    title = 'Manage Volunteer Status';
    body = <Existing event={event} volunteer={volunteer} onClose={onClose} />;
  } else if (step === 'form') {
    body = <VolunteerForm event={event} onBack={() => setStep('intro')} onDone={onClose} />;
  } else {
    body = (
      <>
        {error ? (
          <Alert severity="warning" sx={{ mx: 3 }}>
            Your volunteer status could not be loaded.
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
