import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useId, useState, type ReactNode } from 'react';
import { EmailNotVerifiedAlert } from '@/components/email-not-verified-alert';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { isEmailNotVerified } from '@/lib/email-verification';
import { useFamily } from '@/lib/family';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { Attendee, Event } from '@/types/api';
import { useJoinWaitlist, useMyAttendee, useSaveRegistration } from '../api/registrations';
import { t } from '../i18n';
import { registrationSchema, type RegistrationValues } from '../schemas';

export type RegistrationMode = 'register' | 'update' | 'waitlist';

export type RegistrationDialogProps = {
  open: boolean;
  onClose: () => void;
  event: Pick<Event, 'id' | 'name'>;
  /**
   * 'register' (Register Now), 'update' (Join Event: edit the saved registration) or 'waitlist'
   * (Join Waitlist: the event is full).
   */
  mode: RegistrationMode;
  /** The donation step shown after a successful new registration; `done` closes the dialog. */
  renderDonationStep?: (done: () => void) => ReactNode;
};

function RegistrationForm({
  mode,
  event,
  initial,
  titleId,
  onCancel,
  onSaved,
}: {
  mode: RegistrationMode;
  event: Pick<Event, 'id' | 'name'>;
  initial: Attendee | null;
  titleId: string;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { toast } = useToast();
  const saveRegistration = useSaveRegistration();
  const joinWaitlist = useJoinWaitlist();
  const [notVerified, setNotVerified] = useState<string | null>(null);
  const { family } = useFamily();
  // The saved family members ticked as coming: each tick adds one to the count, each untick takes
  // one off, so relatives not saved in the profile can still be counted by typing.
  const [coming, setComing] = useState<ReadonlySet<string>>(new Set());
  const formik = useFormikValidatedOnSubmit<RegistrationValues>({
    initialValues: {
      numberOfFamilyMembers: String(initial?.numberOfFamilyMembers ?? 0),
      additionalNotes: initial?.additionalNotes ?? '',
    },
    validationSchema: registrationSchema,
    onSubmit: async (values) => {
      const body = {
        numberOfFamilyMembers: Number(values.numberOfFamilyMembers),
        additionalNotes: values.additionalNotes.trim() || null,
      };
      setNotVerified(null);
      try {
        if (mode === 'waitlist') {
          const entry = await joinWaitlist(event.id, body);
          toast({ title: t('registrations.form.waitlisted'), description: t('registrations.form.waitlistedText', { position: entry.position, name: event.name }) });
          onSaved();
          return;
        }
        await saveRegistration(event.id, mode, body);
        if (mode === 'update') {
          toast({ title: t('registrations.form.updated'), description: t('registrations.form.updatedText', { name: event.name }) });
        } else {
          toast({ title: t('registrations.form.registered'), description: t('registrations.form.registeredText', { name: event.name }) });
        }
        onSaved();
      } catch (err) {
        if (isEmailNotVerified(err)) {
          setNotVerified(errorMessage(err, t('registrations.form.verifyFirst')));
          return;
        }
        toast({
          title: t('registrations.form.failed'),
          description: errorMessage(err, t('registrations.form.failedText')),
          variant: 'destructive',
        });
      }
    },
  });

  const count = Number(formik.values.numberOfFamilyMembers);
  function toggleComing(id: string, checked: boolean) {
    const next = new Set(coming);
    if (checked) next.add(id);
    else next.delete(id);
    setComing(next);
    const current = Number.isInteger(count) && count >= 0 ? count : 0;
    void formik.setFieldValue('numberOfFamilyMembers', String(Math.max(0, current + (checked ? 1 : -1))));
  }
  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-labelledby={titleId}>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        {notVerified ? <EmailNotVerifiedAlert>{notVerified}</EmailNotVerifiedAlert> : null}
        <DialogContentText>
          {mode === 'update'
            ? t('registrations.form.introUpdate')
            : mode === 'waitlist'
              ? t('registrations.form.introWaitlist')
              : t('registrations.form.introRegister')}
        </DialogContentText>
        {family && family.length > 0 ? (
          <FormGroup role="group" aria-labelledby={`${titleId}-family`}>
            <FormLabel id={`${titleId}-family`}>{t('registrations.form.savedFamily')}</FormLabel>
            {family.map((f) => (
              <FormControlLabel
                key={f.id}
                control={<Checkbox checked={coming.has(f.id)} onChange={(e) => toggleComing(f.id, e.target.checked)} />}
                label={f.relation ? `${f.name} (${f.relation})` : f.name}
              />
            ))}
          </FormGroup>
        ) : null}
        <TextField
          {...textFieldProps(
            formik,
            'numberOfFamilyMembers',
            Number.isInteger(count) && count >= 0 ? t('registrations.form.total', { total: count + 1 }) : undefined,
          )}
          label={t('registrations.form.familyCount')}
          type="number"
          slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
          fullWidth
          autoFocus
        />
        <TextField
          {...textFieldProps(formik, 'additionalNotes', t('registrations.form.notesHelp'))}
          label={t('registrations.form.notes')}
          multiline
          minRows={3}
          fullWidth
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={formik.isSubmitting}>
          {t('registrations.form.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
          {formik.isSubmitting
            ? { update: t('registrations.form.saving'), register: t('registrations.form.registering'), waitlist: t('registrations.form.joining') }[mode]
            : { update: t('registrations.form.save'), register: t('registrations.form.register'), waitlist: t('registrations.form.joinWaitlist') }[mode]}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Register for an event (then an optional donation step), or update the saved registration. */
export function RegistrationDialog({ open, onClose, event, mode, renderDonationStep }: RegistrationDialogProps) {
  const titleId = useId();
  const [step, setStep] = useState<'form' | 'donate'>('form');
  const { attendee, isLoading, error } = useMyAttendee(event.id, open && mode === 'update');

  const close = () => {
    onClose();
  };

  let body: ReactNode;
  if (step === 'donate' && renderDonationStep) {
    body = (
      <DialogContent sx={{ pt: '8px !important' }}>
        <DialogContentText sx={{ mb: 2 }}>
          {t('registrations.dialog.donatePrompt')}
        </DialogContentText>
        {renderDonationStep(close)}
      </DialogContent>
    );
  } else if (mode === 'update' && isLoading) {
    body = (
      <DialogContent sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('registrations.dialog.loading')} />
      </DialogContent>
    );
  } else {
    body = (
      <RegistrationForm
        mode={mode}
        event={event}
        initial={mode === 'update' && !error ? (attendee ?? null) : null}
        titleId={titleId}
        onCancel={close}
        onSaved={() => {
          if (mode === 'register' && renderDonationStep) setStep('donate');
          else close();
        }}
      />
    );
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} scroll="body">
      <DialogTitle id={titleId}>
        {step === 'donate'
          ? t('registrations.dialog.donateTitle')
          : mode === 'update'
            ? t('registrations.dialog.updateTitle')
            : mode === 'waitlist'
              ? t('registrations.dialog.waitlistTitle', { name: event.name })
              : t('registrations.dialog.registerTitle', { name: event.name })}
      </DialogTitle>
      {body}
    </Dialog>
  );
}
