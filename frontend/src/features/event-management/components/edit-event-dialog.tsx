import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useFormikValidatedOnSubmit } from '@/lib/form';
import type { Event, UpdateEventBody } from '@/types/api';
import { useUpdateEvent } from '../api/events-admin';
import { fromTempleInput, toTempleInput } from '@/lib/temple-time';
import { editEventSchema, type EventFormValues } from '../schemas';
import { UPLOAD_REQUIRED_TOAST } from './create-event-dialog';
import { EventFormFields } from './event-form-fields';

export type EditEventDialogProps = {
  open: boolean;
  onClose: () => void;
  event: Event;
  readFile?: (file: File) => Promise<string>;
};

function initialValuesOf(event: Event): EventFormValues {
  return {
    name: event.name,
    description: event.description ?? '',
    location: event.location,
    eventDate: toTempleInput(event.eventDate),
    imageUrl: event.imageUrl ?? '',
    capacity: event.capacity === null || event.capacity === undefined ? '' : String(event.capacity),
  };
}

/** Only the fields the admin changed are sent (PATCH; every field is optional). */
export function changedFields(event: Event, values: EventFormValues): UpdateEventBody {
  const initial = initialValuesOf(event);
  const body: UpdateEventBody = {};
  if (values.name.trim() !== initial.name) body.name = values.name.trim();
  if (values.description.trim() !== initial.description.trim()) body.description = values.description.trim() || null;
  if (values.location.trim() !== initial.location) body.location = values.location.trim();
  if (values.eventDate !== initial.eventDate) {
    const iso = fromTempleInput(values.eventDate);
    if (iso) body.eventDate = iso;
  }
  if (values.imageUrl.trim() !== initial.imageUrl && values.imageUrl.trim()) body.imageUrl = values.imageUrl.trim();
  // Formik gives numbers for type=number inputs.
  const capacity = String(values.capacity ?? '').trim();
  if (capacity !== initial.capacity) body.capacity = capacity ? Number(capacity) : null;
  return body;
}

/** Edit an event (admin). A pending image upload blocks submit. */
export function EditEventDialog({ open, onClose, event, readFile }: EditEventDialogProps) {
  const titleId = useId();
  const { toast } = useToast();
  const updateEvent = useUpdateEvent();
  const [pendingUpload, setPendingUpload] = useState(false);
  const [upcoming] = useState(() => new Date(event.eventDate).getTime() > Date.now());
  const schema = useMemo(() => editEventSchema(Boolean(event.imageUrl)), [event.imageUrl]);

  const formik = useFormikValidatedOnSubmit<EventFormValues>({
    initialValues: initialValuesOf(event),
    validationSchema: schema,
    onSubmit: async (values) => {
      const body = changedFields(event, values);
      if (Object.keys(body).length === 0) {
        onClose();
        return;
      }
      try {
        await updateEvent(event.id, body);
        toast({ title: 'Event updated', description: `${body.name ?? event.name} has been saved.` });
        onClose();
      } catch (err) {
        console.error('Update event failed', err);
        toast({
          title: 'Error updating event',
          description: errorMessage(err, 'Something went wrong. Please try again.'),
          variant: 'destructive',
        });
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
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} scroll="body">
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id={titleId}>Edit Event</DialogTitle>
        <DialogContent>
          <EventFormFields
            formik={formik}
            onPendingChange={setPendingUpload}
            readFile={readFile}
            mode="edit"
            futureOnly={upcoming}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || pendingUpload}>
            {busy ? 'Saving...' : pendingUpload ? 'Upload Image First' : 'Save Changes'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export default EditEventDialog;
