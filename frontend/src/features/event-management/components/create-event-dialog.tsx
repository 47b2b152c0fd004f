import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type FormEvent } from 'react';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useFormikValidatedOnSubmit } from '@/lib/form';
import type { CreateEventBody } from '@/types/api';
import { useCreateEvent } from '../api/events-admin';
import { fromTempleInput } from '@/lib/temple-time';
import { createEventSchema, type EventFormValues } from '../schemas';
import { EventFormFields } from './event-form-fields';

export type CreateEventDialogProps = {
  open: boolean;
  onClose: () => void;
  readFile?: (file: File) => Promise<string>;
};

export const UPLOAD_REQUIRED_TOAST = {
  title: 'Upload Required',
  description: "Please click the 'Upload Image' button to upload your image before submitting the form",
  variant: 'warning',
} as const;

/** 'Create New Event' modal (admin). */
export function CreateEventDialog({ open, onClose, readFile }: CreateEventDialogProps) {
  const titleId = useId();
  const descId = useId();
  const { toast } = useToast();
  const createEvent = useCreateEvent();
  const [pendingUpload, setPendingUpload] = useState(false);

  const formik = useFormikValidatedOnSubmit<EventFormValues>({
    initialValues: { name: '', description: '', location: '', eventDate: '', imageUrl: '', capacity: '' },
    validationSchema: createEventSchema,
    onSubmit: async (values) => {
      const body: CreateEventBody = {
        name: values.name.trim(),
        description: values.description.trim(),
        location: values.location.trim(),
        eventDate: fromTempleInput(values.eventDate)!,
      };
      if (values.imageUrl.trim()) body.imageUrl = values.imageUrl.trim();
      const capacity = String(values.capacity ?? '').trim();
      if (capacity) body.capacity = Number(capacity);
      try {
        await createEvent(body);
        toast({ title: 'Event created successfully', description: `${body.name} is now listed.` });
        onClose();
      } catch (err) {
        console.error('Create event failed', err);
        if (err instanceof ApiError) {
          const fieldErrors = err.fieldErrors;
          if (Object.keys(fieldErrors).length > 0) formik.setErrors(fieldErrors);
        }
        toast({ title: 'Error', description: 'Failed to create event. Please try again.', variant: 'destructive' });
      }
    },
  });

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (pendingUpload) {
      toast(UPLOAD_REQUIRED_TOAST);
      return;
    }
    formik.handleSubmit();
  }

  const busy = formik.isSubmitting;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={descId}
      scroll="body"
    >
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id={titleId}>Create New Event</DialogTitle>
        <DialogContent>
          <DialogContentText id={descId} sx={{ mb: 2.5 }}>
            Fill out the form below to create a new temple event.
          </DialogContentText>
          <EventFormFields formik={formik} onPendingChange={setPendingUpload} readFile={readFile} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || pendingUpload}>
            {busy ? 'Creating...' : pendingUpload ? 'Upload Image First' : 'Create Event'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export default CreateEventDialog;
