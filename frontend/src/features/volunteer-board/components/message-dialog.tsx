import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { sendVolunteerMessage } from '../api/volunteer-board';
import { countLabel } from '../lib/board';
import { messageSchema, type MessageValues } from '../schemas';
import { FormDialog, refusal } from './form-dialog';

/** Whom a message goes to: a shift's or a role's confirmed volunteers. */
export type MessageTarget = { shiftId: string; label: string } | { roleId: string; label: string };

/** "Sent to 3 volunteers". */
export function sentLabel(queued: number): string {
  return `Sent to ${countLabel(queued, 'volunteer')}`;
}

/** E-mails the confirmed volunteers of a shift or of a role: a subject and a message. */
export function MessageDialog({ eventId, target, onClose }: { eventId: string; target: MessageTarget; onClose: () => void }) {
  const { toast } = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const formik = useFormikValidatedOnSubmit<MessageValues>({
    initialValues: { subject: '', body: '' },
    validationSchema: messageSchema,
    onSubmit: async (values, helpers) => {
      setProblem(null);
      const to = 'shiftId' in target ? { shiftId: target.shiftId } : { roleId: target.roleId };
      try {
        const { queued } = await sendVolunteerMessage(eventId, { ...to, subject: values.subject.trim(), body: values.body.trim() });
        toast({ title: sentLabel(queued), description: target.label });
        onClose();
      } catch (err) {
        const { fieldErrors, problem: message } = refusal(err, 'The message could not be sent. Please try again.', ['subject', 'body'] as const);
        helpers.setErrors(fieldErrors);
        setProblem(message);
      }
    },
  });
  return (
    <FormDialog open onClose={onClose} title="Message volunteers" submitLabel="Send" busyLabel="Sending…" busy={formik.isSubmitting} onSubmit={formik.handleSubmit} problem={problem}>
      <Typography variant="body2" color="text.secondary">
        An e-mail to the confirmed volunteers of {target.label}.
      </Typography>
      <TextField {...textFieldProps(formik, 'subject')} label="Subject" required fullWidth autoFocus />
      <TextField {...textFieldProps(formik, 'body')} label="Message" required fullWidth multiline minRows={5} />
    </FormDialog>
  );
}
