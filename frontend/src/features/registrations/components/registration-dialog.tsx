import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { apiKeys } from '@/lib/api-keys';
import { useAuth } from '@/lib/auth';
import { textFieldProps, useSpecFormik } from '@/lib/form';
import type { Attendee, Event } from '@/types/api';
import { registerForEvent, updateAttendee, useAttendee } from '../api/registrations';
import { registrationSchema, type RegistrationValues } from '../schemas';

export type RegistrationDialogProps = {
  open: boolean;
  onClose: () => void;
  event: Pick<Event, 'id' | 'name'>;
  /** 'register' (Register Now) or 'update' (Join Event: edit the saved registration). */
  mode: 'register' | 'update';
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
  mode: 'register' | 'update';
  event: Pick<Event, 'id' | 'name'>;
  initial: Attendee | null;
  titleId: string;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const { user } = useAuth();
  const formik = useSpecFormik<RegistrationValues>({
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
      try {
        if (mode === 'update') {
          await updateAttendee(event.id, body);
          toast({ title: 'Information updated!', description: `Your registration for ${event.name} has been updated.` });
        } else {
          await registerForEvent(event.id, body);
          toast({ title: 'Registration successful!', description: `You're registered for ${event.name}.` });
        }
        void mutate(apiKeys.eventAttendee(event.id));
        void mutate(apiKeys.event(event.id));
        void mutate(apiKeys.events);
        if (user) void mutate(apiKeys.userEvents(user.id));
        onSaved();
      } catch (err) {
        toast({
          title: 'Registration failed',
          description: errorMessage(err, 'Something went wrong. Please try again.'),
          variant: 'destructive',
        });
      }
    },
  });

  const count = Number(formik.values.numberOfFamilyMembers);
  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-labelledby={titleId}>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        <DialogContentText>
          {mode === 'update'
            ? 'Update how many people are coming with you.'
            : 'Tell us how many family members will come with you.'}
        </DialogContentText>
        <TextField
          {...textFieldProps(
            formik,
            'numberOfFamilyMembers',
            Number.isInteger(count) && count >= 0 ? `${count + 1} ${count === 0 ? 'person' : 'people'} in total, including you` : undefined,
          )}
          label="Number of family members"
          type="number"
          slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
          fullWidth
          autoFocus
        />
        <TextField
          {...textFieldProps(formik, 'additionalNotes', 'Optional: dietary needs, accessibility, anything we should know')}
          label="Additional notes"
          multiline
          minRows={3}
          fullWidth
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={formik.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
          {formik.isSubmitting
            ? mode === 'update'
              ? 'Saving...'
              : 'Registering...'
            : mode === 'update'
              ? 'Save Changes'
              : 'Register'}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Register for an event (then an optional donation step), or update the saved registration. */
export function RegistrationDialog({ open, onClose, event, mode, renderDonationStep }: RegistrationDialogProps) {
  const titleId = useId();
  const [step, setStep] = useState<'form' | 'donate'>('form');
  const { attendee, isLoading, error } = useAttendee(event.id, open && mode === 'update');

  const close = () => {
    onClose();
  };

  let body: ReactNode;
  if (step === 'donate' && renderDonationStep) {
    body = (
      <DialogContent sx={{ pt: '8px !important' }}>
        <DialogContentText sx={{ mb: 2 }}>
          Would you like to support this event with a donation? You can also skip this step.
        </DialogContentText>
        {renderDonationStep(close)}
      </DialogContent>
    );
  } else if (mode === 'update' && isLoading) {
    body = (
      <DialogContent sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading your registration" />
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
        {step === 'donate' ? 'Make a Donation' : mode === 'update' ? 'Update Your Registration' : `Register for ${event.name}`}
      </DialogTitle>
      {body}
    </Dialog>
  );
}
